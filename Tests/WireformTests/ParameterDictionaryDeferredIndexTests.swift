import Testing

@testable import Wireform

/// Dictionaries built in one go (from `[String: Any]` or an encoded struct) index their keys only when they change.
@Suite struct ParameterDictionaryDeferredIndexTests {
    private func keys(_ count: Int) -> [String] { (0..<count).map { "key\($0)" } }

    @Test(arguments: [3, 9, 20, 32, 33, 100])
    func builtDictionariesFindEveryKeyBeforeAndAfterChanges(count: Int) throws {
        let values = (0..<count).map { ParameterValue.integer($0) }
        var dictionary = try #require(ParameterDictionary(checkingDistinctKeys: keys(count), values: values))
        #expect(dictionary == ParameterDictionary(distinctKeys: keys(count), values: values))
        for index in 0..<count { #expect(dictionary["key\(index)"] == .integer(index)) }
        #expect(dictionary["missing"] == nil)
        dictionary["new"] = "n"
        dictionary["key0"] = nil
        dictionary["key1"] = "changed"
        #expect(dictionary.count == count)
        #expect(dictionary["new"] == "n")
        #expect(dictionary["key0"] == nil)
        #expect(dictionary["key1"] == "changed")
        for index in 2..<count { #expect(dictionary["key\(index)"] == .integer(index)) }
    }

    @Test(arguments: [2, 9, 20, 32, 33, 100])
    func repeatedKeysAreFound(count: Int) {
        var repeated = keys(count)
        repeated[count - 1] = repeated[(count - 1) / 2]
        let values = Array(repeating: ParameterValue.null, count: count)
        #expect(ParameterDictionary(checkingDistinctKeys: repeated, values: values) == nil)
        // Canonically equivalent but different bytes are different keys.
        var equivalent = keys(count)
        equivalent[0] = "é"
        equivalent[count - 1] = "e\u{301}"
        #expect(ParameterDictionary(checkingDistinctKeys: equivalent, values: values) != nil)
    }
}
