import Testing

@testable import Wireform

/// A ``StandardQueryStyle`` keeps its options one byte each and the closures and tables of custom encodings behind
/// one reference, so that it sits inline in an `any QueryStyle` (no heap box each time one is made) and setting one
/// encoding never loses another's closure or tables.
@Suite struct StandardQueryStyleStorageTests {
    @Test func aStyleFitsTheInlineBufferOfAnExistential() {
        // An existential's inline buffer is three words; a larger value is boxed on the heap whenever one is made.
        #expect(MemoryLayout<StandardQueryStyle>.size <= 3 * MemoryLayout<Int>.size)
    }

    @Test func namedEncodingsCarryNoReference() {
        #expect(StandardQueryStyle.brackets.customEncodings == nil)
        var style = StandardQueryStyle(arrays: .indexed, reservedCharacters: .allowed)
        style.sets = .commaDelimited
        #expect(style.customEncodings == nil)
        #expect(style.arrays == .indexed && style.sets == .commaDelimited && style.reservedCharacters == .allowed)
    }

    @Test func settingOneEncodingKeepsTheOthersCustomParts() throws {
        let arrays = StandardQueryStyle.ArrayEncoding.custom { key, index in "\(key)<\(index)>" }
        let sets = StandardQueryStyle.ArrayEncoding.custom { key, index in "\(key)#\(index)" }
        let reserved = try StandardQueryStyle.ReservedCharacterEncoding.allowing(":")
        var style = StandardQueryStyle(arrays: arrays)
        style.reservedCharacters = reserved
        style.sets = sets
        #expect(style.arrays == arrays && style.sets == sets && style.reservedCharacters == reserved)
        #expect(try style.queryString(for: ["a": ["x:y"], "s": .set(["z"])]) == "a%3C0%3E=x:y&s%230=z")
        style.arrays = .brackets
        #expect(style.sets == sets && style.reservedCharacters == reserved)
        #expect(try style.queryString(for: ["a": ["x:y"], "s": .set(["z"])]) == "a%5B%5D=x:y&s%230=z")
        style.sets = .repeated
        style.reservedCharacters = .percentEncoded
        #expect(style.customEncodings == nil)
    }
}
