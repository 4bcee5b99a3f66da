import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// `Encodable` values reach the same writers as trees (through `ValueEncoder`): the serializer's key ordering
/// applies, the bytes are a tree's bytes, and Foundation's `PropertyListDecoder` reads them back.
@Suite struct PropertyListEncodableEventTests {
    struct Address: Codable, Equatable {
        var zip: String
        var city: String
    }

    struct Profile: Codable, Equatable {
        var name: String
        var age: Int
        var nickname: String?
        var address: Address
        var scores: [Double]
        var born: Date
        var avatar: Data
        var labels: [String: Int]
        var tags: Set<String>
        var history: [[Int]]
        var previous: Address?
    }

    static let profile = Profile(
        name: "Ada", age: 36, nickname: nil, address: Address(zip: "N1", city: "London"), scores: [1.5, -2, 0],
        born: Date(timeIntervalSinceReferenceDate: -4_000_000_000), avatar: Data([0, 1, 2, 250]),
        labels: ["zeta": 1, "alpha": 2, "é": 3], tags: ["swift", "plist", "a"], history: [[1, 2], [], [3]],
        previous: Address(zip: "B2", city: "Bath"))

    /// The tree the profile is: declaration order, the nil optional left out, the dictionary's keys sorted and the
    /// set's members in canonical order.
    static var profileTree: ParameterValue {
        // Computed, not a stored global: LeakSanitizer does not see a lazily made global tree as reachable.
        [
            "name": "Ada", "age": 36, "address": ["zip": "N1", "city": "London"],
            "scores": [.double(1.5), .double(-2), .double(0)],
            "born": .date(Date(timeIntervalSinceReferenceDate: -4_000_000_000)), "avatar": .data(Data([0, 1, 2, 250])),
            "labels": ["alpha": 2, "zeta": 1, "é": 3], "tags": .set(["a", "plist", "swift"]),
            "history": [[1, 2], [], [3]],
            "previous": ["zip": "B2", "city": "Bath"],
        ]
    }

    @Test(arguments: PropertyListEventSourceTests.serializers)
    func writesTheBytesOfTheSameTree(serializer: PropertyListBodySerializer) throws {
        let encoded = try serializer.serialize(encodable: Self.profile)
        let tree = try serializer.serialize(Self.profileTree)
        #expect(encoded.body.bytes == tree.body.bytes)
        #expect(encoded.contentType == .propertyList)
    }

    @Test(arguments: PropertyListEventSourceTests.serializers)
    func decodesBackWithFoundation(serializer: PropertyListBodySerializer) throws {
        let bytes = try #require(try serializer.serialize(encodable: Self.profile).body.bytes)
        #expect(try PropertyListDecoder().decode(Profile.self, from: Data(bytes)) == Self.profile)
        #expect(
            try PropertyListDecoder().decode(
                [Profile].self,
                from: Data(
                    try #require(
                        try serializer.serialize(encodable: [Self.profile, Self.profile]).body.bytes))) == [
                    Self.profile, Self.profile,
                ])
    }

    @Test func keyOrderingNowAppliesToEncodableValues() throws {
        let sorted = try PropertyListBodySerializer().serialize(encodable: Address(zip: "N1", city: "London"))
        #expect(
            sorted.body.bytes.map { String(decoding: $0, as: UTF8.self) }
                == plistDocument(
                    "<dict>", "\t<key>city</key>", "\t<string>London</string>", "\t<key>zip</key>",
                    "\t<string>N1</string>", "</dict>"))
        let declared = try PropertyListBodySerializer(keyOrdering: .insertion)
            .serialize(encodable: Address(zip: "N1", city: "London"))
        #expect(
            declared.body.bytes.map { String(decoding: $0, as: UTF8.self) }
                == plistDocument(
                    "<dict>", "\t<key>zip</key>", "\t<string>N1</string>", "\t<key>city</key>",
                    "\t<string>London</string>", "</dict>"))
    }

    @Test func writesTheExactBinaryBytes() throws {
        let bytes = try PropertyListBodySerializer(format: .binary).serialize(encodable: Address(zip: "N1", city: "L"))
        let expected: [UInt8] =
            Array("bplist00".utf8)
            + [0xD2, 0x01, 0x03, 0x02, 0x04]  // dict of 2: keys 1, 3; values 2, 4 (city before zip)
            + [0x54] + Array("city".utf8) + [0x51, UInt8(ascii: "L")]
            + [0x53] + Array("zip".utf8) + [0x52] + Array("N1".utf8)
            + [0x08, 0x0D, 0x12, 0x14, 0x18]  // offsets of the 5 objects
            + [0, 0, 0, 0, 0, 0, 1, 1]  // unused, sort version, offset size, reference size
            + [0, 0, 0, 0, 0, 0, 0, 5]  // 5 objects
            + [0, 0, 0, 0, 0, 0, 0, 0]  // the root is object 0
            + [0, 0, 0, 0, 0, 0, 0, 0x1B]  // the offset table starts at byte 27
        #expect(bytes.body.bytes == expected)
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNilAtTheTopAndInAnArray(format: PropertyListBodySerializer.Format) throws {
        let serializer = PropertyListBodySerializer(format: format)
        let top = try #require(throws: SerializationError.self) { try serializer.serialize(encodable: Int?.none) }
        #expect(top.code == .unsupportedValue)
        #expect(top.reason == "Null at '(root)' cannot be written in a property list, which has no null value")
        let element = try #require(throws: SerializationError.self) {
            try serializer.serialize(encodable: ["list": [1, nil, 3] as [Int?]])
        }
        #expect(element.reason == "Null at 'list[1]' cannot be written in a property list, which has no null value")
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsAnExplicitNilMember(format: PropertyListBodySerializer.Format) throws {
        struct ExplicitNil: Encodable {
            enum CodingKeys: String, CodingKey { case gone }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encodeNil(forKey: .gone)
            }
        }
        let error = try #require(throws: SerializationError.self) {
            try PropertyListBodySerializer(format: format).serialize(encodable: ["a": ExplicitNil()])
        }
        #expect(error.reason == "Null at 'a.gone' cannot be written in a property list, which has no null value")
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNonFiniteNumbers(format: PropertyListBodySerializer.Format) throws {
        let error = try #require(throws: SerializationError.self) {
            try PropertyListBodySerializer(format: format).serialize(encodable: ["s": [1, Double.infinity]])
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Non-finite number inf at 's[1]' cannot be written in a property list")
        let inSet = try #require(throws: SerializationError.self) {
            try PropertyListBodySerializer(format: format).serialize(encodable: ["s": Set([Double.nan])])
        }
        #expect(inSet.reason == "Non-finite number nan at 's[0]' cannot be written in a property list")
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func rejectsNestingTooDeep(format: PropertyListBodySerializer.Format) throws {
        final class Node: Encodable {
            let next: Node?
            init(depth: Int) { next = depth > 0 ? Node(depth: depth - 1) : nil }
        }
        let error = try #require(throws: SerializationError.self) {
            try PropertyListBodySerializer(format: format).serialize(encodable: Node(depth: 1_000))
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.reason.contains("next.next"))
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func writesScalarRoots(format: PropertyListBodySerializer.Format) throws {
        let serializer = PropertyListBodySerializer(format: format)
        #expect(try serializer.serialize(encodable: "text").body.bytes == serializer.serialize("text").body.bytes)
        #expect(try serializer.serialize(encodable: -5).body.bytes == serializer.serialize(-5).body.bytes)
        #expect(
            try serializer.serialize(encodable: UInt64.max).body.bytes
                == serializer.serialize(.integer(UInt64.max)).body.bytes)
    }
}
