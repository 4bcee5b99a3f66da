import Testing
import Wireform

@Suite struct PercentEncodingTests {
    @Test func escapesAFNetworkingReservedCharactersAndKeepsSlashAndQuestionMark() {
        #expect(
            PercentEncoding.escape(" :#[]@!$&'()*+,;=/?") == "%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?"
        )
    }

    @Test func keepsUnreservedCharactersLiteral() {
        let unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        #expect(PercentEncoding.escape(unreserved) == unreserved)
    }

    @Test func escapesEveryOtherASCIIByteWithUppercaseHex() {
        for value in UInt8(0)..<128 {
            let literal = Self.queryComponentLiterals.contains(value)
            let expected = literal ? String(UnicodeScalar(value)) : "%" + Self.hex(value)
            #expect(PercentEncoding.escape(String(UnicodeScalar(value))) == expected, "byte \(value)")
        }
    }

    @Test func escapesEmojiWithSkinToneAsItsUTF8Bytes() {
        // U+1F44D THUMBS UP SIGN + U+1F3FD EMOJI MODIFIER FITZPATRICK TYPE-4
        #expect(PercentEncoding.escape("👍🏽") == "%F0%9F%91%8D%F0%9F%8F%BD")
    }

    @Test func escapesZeroWidthJoinerSequencesWhole() {
        // MAN, ZWJ, WOMAN, ZWJ, GIRL
        #expect(
            PercentEncoding.escape("a👨‍👩‍👧b")
                == "a%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7b"
        )
    }

    @Test func escapesCJKAndAccentedLetters() {
        #expect(PercentEncoding.escape("日本 é") == "%E6%97%A5%E6%9C%AC%20%C3%A9")
    }

    @Test func writesSpaceAsPlusOnRequestAndEscapesLiteralPlus() {
        #expect(PercentEncoding.escape("a b+c", spaceEncoding: .plus) == "a+b%2Bc")
        #expect(PercentEncoding.escape("a b+c") == "a%20b%2Bc")
    }

    @Test func unreservedSetEscapesSlashAndQuestionMark() {
        #expect(PercentEncoding.escape("a/b?c", allowing: .unreserved) == "a%2Fb%3Fc")
    }

    @Test func customSetIgnoresNonASCIICharacters() {
        let allowed = PercentEncoding.AllowedCharacters("ab/é")
        #expect(PercentEncoding.escape("abc/é", allowing: allowed) == "ab%63/%C3%A9")
        #expect(allowed.contains(UInt8(ascii: "a")))
        #expect(!allowed.contains(UInt8(ascii: "c")))
        #expect(!allowed.contains(0xC3))
        #expect(allowed == PercentEncoding.AllowedCharacters("/ba"))
        #expect(allowed != PercentEncoding.AllowedCharacters.unreserved)
    }

    @Test func escapesRawBytesIncludingNULAndHighBytes() {
        var output = Array("x=".utf8)
        let bytes: [UInt8] = [0x00, 0x41, 0xFF, 0x20, 0x7F]
        bytes.withUnsafeBufferPointer { PercentEncoding.append(bytes: $0, to: &output, spaceEncoding: .plus) }
        #expect(String(decoding: output, as: UTF8.self) == "x=%00A%FF+%7F")
    }

    @Test func emptyInputAppendsNothing() {
        var output = Array("keep".utf8)
        PercentEncoding.append("", to: &output)
        #expect(output == Array("keep".utf8))
        #expect(PercentEncoding.escape("") == "")
    }

    /// The escaper writes through a 16 KiB buffer; these lengths put boundaries on every kind of byte.
    @Test(arguments: [1, 2, 3, 5_461, 5_462, 16_380, 16_383, 16_384, 16_385, 16_386, 32_768, 100_003])
    func longInputsMatchAByteByByteReference(length: Int) {
        let alphabet = ["a", " ", "é", "👍🏽", "/", "%", "~", "日", "+"]
        var text = ""
        var index = 0
        while text.utf8.count < length {
            text += alphabet[index % alphabet.count]
            index += 1
        }
        for spaceEncoding in [PercentEncoding.SpaceEncoding.percent20, .plus] {
            var output = Array("prefix&".utf8)
            PercentEncoding.append(text, to: &output, spaceEncoding: spaceEncoding)
            let expected = Array("prefix&".utf8) + Self.reference(Array(text.utf8), plus: spaceEncoding == .plus)
            #expect(output == expected, "length \(length), \(spaceEncoding)")
        }
    }

    @Test func longRunOfMultiByteCharactersCrossesTheBufferIntact() {
        let text = String(repeating: "👨‍👩‍👧", count: 3_000)  // 18 bytes each, 54 bytes escaped each
        let escaped = PercentEncoding.escape(text)
        #expect(escaped.utf8.count == 3_000 * 54)
        #expect(escaped == String(repeating: "%F0%9F%91%A8%E2%80%8D%F0%9F%91%A9%E2%80%8D%F0%9F%91%A7", count: 3_000))
    }

    private static let queryComponentLiterals = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?".utf8
    )

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
    }

    private static func reference(_ bytes: [UInt8], plus: Bool) -> [UInt8] {
        var output: [UInt8] = []
        for byte in bytes {
            if queryComponentLiterals.contains(byte) {
                output.append(byte)
            } else if byte == 0x20 && plus {
                output.append(UInt8(ascii: "+"))
            } else {
                output += Array(("%" + hex(byte)).utf8)
            }
        }
        return output
    }
}
