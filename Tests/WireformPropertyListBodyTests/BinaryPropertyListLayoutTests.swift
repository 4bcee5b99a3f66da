import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// The binary writer's layout, byte by byte: containers between runs of scalars (the layout moves the scalars to
/// make room for them), dictionaries put in another order or with a key that came again (objects numbered again),
/// and the reference, offset and count sizes at their 1, 2 and 4-byte boundaries, from every source.
@Suite struct BinaryPropertyListLayoutTests {
    private static let serializer = PropertyListBodySerializer(format: .binary)

    /// The bytes of a tree.
    private func tree(_ parameters: ParameterValue) throws -> [UInt8] {
        try #require(try Self.serializer.serialize(parameters).body.bytes)
    }

    /// The bytes of a tree's events, as an event source (JSON text, an `Encodable` value) sends them.
    private func events(_ parameters: ParameterValue) throws -> [UInt8] {
        try #require(
            try Self.serializer.serialize(context: BodySerializationContext()) { try parameters.sendEvents(to: $0) }
                .body.bytes)
    }

    /// The bytes of JSON text, read by the streaming reader.
    private func jsonText(_ json: String) throws -> [UInt8] {
        let text = JSONText(MessageBody(bytes: Array(json.utf8)), readsTags: true)
        return try #require(
            try Self.serializer.serialize(context: BodySerializationContext()) { try text.sendEvents(to: $0) }.body
                .bytes)
    }

    /// The bytes of an `Encodable` value.
    private func encodable(_ value: some Encodable) throws -> [UInt8] {
        try #require(try Self.serializer.serialize(encodable: value).body.bytes)
    }

    /// `{"a":[1,{"x":true}],"b":"s"}`: object 0 the dictionary, then "a", the array, 1, the inner dictionary, "x",
    /// true, "b", "s".
    private static let nested: [UInt8] =
        Array("bplist00".utf8)
        + [0xD2, 0x01, 0x07, 0x02, 0x08]  // dict of 2: keys 1, 7; values 2, 8
        + [0x51, UInt8(ascii: "a")]
        + [0xA2, 0x03, 0x04]  // array of 2: 3, 4
        + [0x10, 0x01]
        + [0xD1, 0x05, 0x06]  // dict of 1: key 5, value 6
        + [0x51, UInt8(ascii: "x"), 0x09]
        + [0x51, UInt8(ascii: "b"), 0x51, UInt8(ascii: "s")]
        + [0x08, 0x0D, 0x0F, 0x12, 0x14, 0x17, 0x19, 0x1A, 0x1C]  // offsets of the 9 objects
        + [0, 0, 0, 0, 0, 0, 1, 1] + [0, 0, 0, 0, 0, 0, 0, 9] + [0, 0, 0, 0, 0, 0, 0, 0]
        + [0, 0, 0, 0, 0, 0, 0, 0x1E]  // the offset table starts at byte 30

    /// Writes `{"b":"s","a":[1,{"x":true}]}` with its keys in this order, or `a` twice (first `0`, last the array).
    private struct OutOfOrder: Encodable {
        var repeatsA = false

        enum Key: String, CodingKey { case a, b, x }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            if repeatsA { try container.encode(0, forKey: .a) }
            try container.encode("s", forKey: .b)
            var array = container.nestedUnkeyedContainer(forKey: .a)
            try array.encode(1)
            var inner = array.nestedContainer(keyedBy: Key.self)
            try inner.encode(true, forKey: .x)
        }
    }

    @Test func laysOutContainersBetweenScalarsFromEverySource() throws {
        let value: ParameterValue = ["a": [1, ["x": true]], "b": "s"]
        #expect(try tree(value) == Self.nested)
        #expect(try events(value) == Self.nested)
        #expect(try jsonText(#"{"a":[1,{"x":true}],"b":"s"}"#) == Self.nested)
    }

    @Test func numbersObjectsAgainWhenMembersMoveOrAKeyComesAgain() throws {
        #expect(try jsonText(#"{"b":"s","a":[1,{"x":true}]}"#) == Self.nested)
        #expect(try encodable(OutOfOrder()) == Self.nested)
        // The first `a` (0) is left out: 9 objects, as without it.
        #expect(try encodable(OutOfOrder(repeatsA: true)) == Self.nested)
    }

    @Test func keysOutOfOrderAfterAscendingOnesAreSorted() throws {
        // Ascending at first (nothing kept), then one out of order: the whole dictionary is sorted.
        let json = #"{"a":1,"c":2,"d":[3],"b":4}"#
        let expected = try tree(["a": 1, "b": 4, "c": 2, "d": [3]])
        #expect(try jsonText(json) == expected)
        let insertion = PropertyListBodySerializer(format: .binary, keyOrdering: .insertion)
        let text = JSONText(MessageBody(bytes: Array(json.utf8)), readsTags: true)
        let inOrder = try #require(
            try insertion.serialize(context: BodySerializationContext()) { try text.sendEvents(to: $0) }.body.bytes)
        let arrived: ParameterValue = ["a": 1, "c": 2, "d": [3], "b": 4]
        #expect(inOrder == (try #require(try insertion.serialize(arrived).body.bytes)))
        // Not ASCII: kept to compare as Swift strings; "é" and "e\u{301}" are one key.
        let accents: ParameterValue = ["é": 1, "f": 2]
        #expect(try events(accents) == (try tree(accents)))
    }

    /// The bytes of an array of objects as the format lays it out: the array (object 0), then each element.
    private func expectedArray(of elements: [[UInt8]]) -> [UInt8] {
        func bigEndian(_ value: Int, size: Int) -> [UInt8] {
            (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        func size(_ value: Int) -> Int { value <= 0xFF ? 1 : value <= 0xFFFF ? 2 : value <= 0xFFFF_FFFF ? 4 : 8 }
        func count(_ marker: UInt8, _ count: Int) -> [UInt8] {
            count < 15
                ? [marker | UInt8(count)]
                : [marker | 0x0F, 0x10 | UInt8(size(count).trailingZeroBitCount)] + bigEndian(count, size: size(count))
        }
        let referenceSize = size(elements.count + 1)
        var bytes = Array("bplist00".utf8) + count(0xA0, elements.count)
        for element in elements.indices { bytes += bigEndian(element + 1, size: referenceSize) }
        var offsets = [8]
        for element in elements {
            offsets.append(bytes.count)
            bytes += element
        }
        let tableOffset = bytes.count
        let offsetSize = size(tableOffset)
        for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
        return bytes + [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
            + bigEndian(elements.count + 1, size: 8) + bigEndian(0, size: 8) + bigEndian(tableOffset, size: 8)
    }

    @Test(arguments: [0, 1, 14, 15, 254, 255, 65_534, 65_535])
    func referenceAndCountSizesAtTheirBoundaries(elements: Int) throws {
        // 255 objects need 1-byte references, 256 two bytes; 65,535 two, 65,536 four. Counts of 15 and more take
        // an integer object after the marker (1 byte, then 2).
        let value = ParameterValue.array((0..<elements).map { .integer(UInt64($0 % 200)) })
        let expected = expectedArray(of: (0..<elements).map { [0x10, UInt8($0 % 200)] })
        #expect(try tree(value) == expected)
        #expect(try events(value) == expected)
        #expect(try encodable((0..<elements).map { $0 % 200 }) == expected)
    }

    @Test(arguments: [242, 243, 65_521, 65_522])
    func offsetSizesAtTheirBoundaries(length: Int) throws {
        // One string of `length` bytes in an array: the offset table starts at byte 13 + length (255, 256) or
        // 14 + length (65,535, 65,536), so its offsets take 1, 2, 2 and 4 bytes.
        let text = String(repeating: "x", count: length)
        let header: [UInt8] =
            length < 256 ? [0x5F, 0x10, UInt8(length)] : [0x5F, 0x11, UInt8(length >> 8), UInt8(length & 0xFF)]
        let expected = expectedArray(of: [header + Array(text.utf8)])
        let bytes = try tree([.string(text)])
        #expect(bytes == expected)
        #expect(bytes[bytes.count - 26] == (length <= 242 ? 1 : length <= 65_521 ? 2 : 4))
        #expect(try jsonText("[\"\(text)\"]") == expected)
    }

    @Test func writesUTF16StringsAndDataBetweenContainers() throws {
        let value: ParameterValue = [
            "k": [.string("é" + String(repeating: "z", count: 20)), .data(Data(repeating: 7, count: 20)), [:], []],
            "l": .double(0.5),
        ]
        let bytes = try tree(value)
        #expect(try events(value) == bytes)
        let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let dictionary = try #require(parsed as? [String: Any])
        let array = try #require(dictionary["k"] as? [Any])
        #expect(array.first as? String == "é" + String(repeating: "z", count: 20))
        #expect(array[1] as? Data == Data(repeating: 7, count: 20))
        #expect(dictionary["l"] as? Double == 0.5)
    }
}
