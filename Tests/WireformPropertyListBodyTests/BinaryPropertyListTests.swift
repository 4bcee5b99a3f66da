import Foundation
import Testing
import Wireform
import WireformPropertyListBody

@Suite struct BinaryPropertyListTests {
    private func binary(_ parameters: ParameterValue) throws -> [UInt8] {
        let body = try PropertyListBodySerializer(format: .binary).serialize(parameters)
        #expect(body.contentType == .propertyList)
        return try #require(body.body.bytes)
    }

    /// The exact bytes for a small dictionary: header, objects (dictionary, then each key and its value), the
    /// offset table and the 32-byte trailer.
    @Test func writesASmallDictionaryExactly() throws {
        let expected: [UInt8] =
            Array("bplist00".utf8)
            + [0xD2, 0x01, 0x03, 0x02, 0x04]  // dict of 2: keys 1, 3; values 2, 4
            + [0x51, UInt8(ascii: "a"), 0x10, 0x05]  // "a", 5
            + [0x51, UInt8(ascii: "b"), 0x61, 0x00, 0xE9]  // "b", "é" as UTF-16
            + [0x08, 0x0D, 0x0F, 0x11, 0x13]  // offsets of the 5 objects
            + [0, 0, 0, 0, 0, 0, 1, 1]  // unused, sort version, offset size, reference size
            + [0, 0, 0, 0, 0, 0, 0, 5]  // 5 objects
            + [0, 0, 0, 0, 0, 0, 0, 0]  // the root is object 0
            + [0, 0, 0, 0, 0, 0, 0, 0x16]  // the offset table starts at byte 22
        let bytes = try binary(["b": "é", "a": 5])
        #expect(bytes == expected)
    }

    @Test func writesIntegersInTheirSmallestSize() throws {
        func integerObject(_ value: ParameterValue) throws -> [UInt8] {
            let bytes = try binary(value)
            // Header, then one object, then one offset, then the trailer.
            return Array(bytes[8..<(bytes.count - 32 - 1)])
        }
        #expect(try integerObject(0) == [0x10, 0x00])
        #expect(try integerObject(255) == [0x10, 0xFF])
        #expect(try integerObject(256) == [0x11, 0x01, 0x00])
        #expect(try integerObject(65_536) == [0x12, 0x00, 0x01, 0x00, 0x00])
        #expect(try integerObject(.integer(1 << 32)) == [0x13, 0, 0, 0, 1, 0, 0, 0, 0])
        #expect(try integerObject(-1) == [0x13] + [UInt8](repeating: 0xFF, count: 8))
        #expect(
            try integerObject(.integer(UInt64.max))
                == [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)
        )
        #expect(try integerObject(true) == [0x09])
        #expect(try integerObject(false) == [0x08])
        #expect(try integerObject(.double(1.5)) == [0x23, 0x3F, 0xF8, 0, 0, 0, 0, 0, 0])
    }

    @Test func usesLongCountsAndWideReferencesWhenNeeded() throws {
        let strings = ParameterValue.array((0..<300).map { .string(String(repeating: "x", count: $0 % 20)) })
        let parsed = try PropertyListSerialization.propertyList(from: Data(try binary(strings)), format: nil)
        let array = try #require(parsed as? [String])
        #expect(array == (0..<300).map { String(repeating: "x", count: $0 % 20) })
        let bytes = try binary(strings)
        #expect(bytes[bytes.count - 25] == 2)  // reference size: 301 objects need 2 bytes
    }

    @Test func keepsControlCharactersAndFractionalDates() throws {
        let date = Date(timeIntervalSinceReferenceDate: 1.25)
        let parsed = try PropertyListSerialization.propertyList(
            from: Data(try binary(["s": "a\u{0}\u{1}b", "d": .date(date)])),
            format: nil
        )
        let dictionary = try #require(parsed as? [String: Any])
        #expect(dictionary["s"] as? String == "a\u{0}\u{1}b")
        #expect(dictionary["d"] as? Date == date)
    }

    @Test func writesSetsWithMembersOnlyTheBinaryFormatHolds() throws {
        let late = Date(timeIntervalSince1970: 253_402_300_800)  // year 10000: too late for XML
        let parameters: ParameterValue = .set(["b", "x\u{1}", "a", "x\u{1}", .date(late), "a"])
        let parsed = try PropertyListSerialization.propertyList(from: Data(try binary(parameters)), format: nil)
        let array = try #require(parsed as? [Any])
        #expect(array.count == 4)
        #expect(array.prefix(2).compactMap { $0 as? String } == ["a", "b"])
        #expect(array.compactMap { $0 as? String }.contains("x\u{1}"))
        #expect(array.compactMap { $0 as? Date } == [late])
    }

    @Test func namesTheSetPositionOfABadMember() throws {
        // The position is the member's place in the canonical set order, where null comes first.
        let error = try plistError(["s": .set(["a", .null])], format: .binary)
        #expect(error.reason == "Null at 's[0]' cannot be written in a property list, which has no null value")
        let date = try plistError(["s": .set([.date(Date(timeIntervalSince1970: .nan))])], format: .binary)
        #expect(date.reason == "Date at 's[0]' cannot be written in a property list: it is not finite")
    }
}

/// Found by the FuzzBodies fuzz target: members that a property list cannot tell apart (an empty set and an empty
/// array) were written twice in binary but once in XML. Both formats now follow Core's one set rule
/// (`ParameterValue.canonicalSetMembers`): an empty set and an empty array are distinct values, each written once.
@Suite struct BinaryPropertyListSetRegressionTests {
    @Test func bothFormatsWriteTheSameSetMembers() throws {
        let parameters: ParameterValue = .set([.set([]), .array([]), .set([])])
        for format in [PropertyListBodySerializer.Format.xml, .binary] {
            let bytes = try PropertyListBodySerializer(format: format).propertyListBytes(for: parameters)
            let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
            let array = try #require(parsed as? [Any], "\(format)")
            #expect(array.count == 2, "\(format)")
        }
    }
}
