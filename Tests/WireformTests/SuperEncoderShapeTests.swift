import Foundation
import Testing
import WireformFoundation

@testable import Wireform

/// What `superEncoder()` and `superEncoder(forKey:)` write, compared with `JSONEncoder`'s tree (its output read back
/// with `JSONSerialization`): the parameter tree of `ParameterValueEncoder` and the query of
/// `queryString(encoding:)`. `JSONEncoder` writes a super encoder's value into its container when the encoder is
/// released, replacing what the key held (an array element is inserted at the super encoder's index).
@Suite struct SuperEncoderShapeTests {
    class Superclass: Encodable {
        let one = "one"
        let two = 2
        let three = true
    }

    /// Alamofire's `ManuallyEncodableSubclass` (its `ParameterEncoderTests`): a super encoder for a key, then a
    /// nested unkeyed container for the same key, while the super encoder is still alive.
    final class ManuallyEncodableSubclass: Superclass, @unchecked Sendable {
        let four = [1, 2, 3]
        let five = ["a": "a", "b": "b"]

        private enum CodingKeys: String, CodingKey {
            case four, five
        }

        override func encode(to encoder: any Encoder) throws {
            var keyedContainer = encoder.container(keyedBy: CodingKeys.self)
            try keyedContainer.encode(four, forKey: .four)
            try keyedContainer.encode(five, forKey: .five)

            let superEncoder = keyedContainer.superEncoder()
            var superContainer = superEncoder.container(keyedBy: CodingKeys.self)
            try superContainer.encode(one, forKey: .four)

            let keyedSuperEncoder = keyedContainer.superEncoder(forKey: .four)
            var superKeyedContainer = keyedSuperEncoder.container(keyedBy: CodingKeys.self)
            try superKeyedContainer.encode(two, forKey: .five)

            var unkeyedContainer = keyedContainer.nestedUnkeyedContainer(forKey: .four)
            let unkeyedSuperEncoder = unkeyedContainer.superEncoder()
            var keyedUnkeyedSuperContainer = unkeyedSuperEncoder.container(keyedBy: CodingKeys.self)
            try keyedUnkeyedSuperContainer.encode(one, forKey: .four)
        }
    }

    /// The usual class hierarchy: `super.encode(to:)` into a super encoder that is released at once.
    final class InheritingSubclass: Superclass, @unchecked Sendable {
        let four = "4"

        private enum CodingKeys: String, CodingKey { case four, base }

        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try super.encode(to: container.superEncoder())
            try container.encode(four, forKey: .four)
            try super.encode(to: container.superEncoder(forKey: .base))
        }
    }

    /// A super encoder in an array, kept alive while more elements are appended: its value goes in at its index.
    struct UnkeyedSuperEncoder: Encodable {
        private enum CodingKeys: String, CodingKey { case list }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode("first")
            let superEncoder = list.superEncoder()
            try list.encode("third")
            var single = superEncoder.singleValueContainer()
            try single.encode("second")
            try list.encode("fourth")
        }
    }

    /// A key written again after its super encoder was released keeps the later value; a super encoder that
    /// writes nothing leaves an empty dictionary.
    struct OverwrittenSuperKey: Encodable {
        private enum CodingKeys: String, CodingKey { case key, empty }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            do {
                var inner = container.superEncoder(forKey: .key).singleValueContainer()
                try inner.encode("from the super encoder")
            }
            try container.encode("later", forKey: .key)
            _ = container.superEncoder(forKey: .empty)
        }
    }

    static let shapes: [(name: String, value: any Encodable & Sendable)] = [
        ("ManuallyEncodableSubclass", ManuallyEncodableSubclass()), ("InheritingSubclass", InheritingSubclass()),
        ("UnkeyedSuperEncoder", UnkeyedSuperEncoder()), ("OverwrittenSuperKey", OverwrittenSuperKey()),
    ]

    /// `JSONEncoder`'s output read back as a tree (keys sorted by their UTF-8 bytes).
    static func jsonEncoderTree(_ value: any Encodable) throws -> ParameterValue {
        let data = try JSONEncoder().encode(value)
        return try ParameterValue(any: JSONSerialization.jsonObject(with: data))
    }

    /// The tree with every dictionary's keys sorted by their UTF-8 bytes, to compare with a tree read from JSON.
    static func sortingKeys(_ value: ParameterValue) -> ParameterValue {
        switch value {
        case .dictionary(let dictionary):
            let keys = dictionary.orderedKeys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return .dictionary(ParameterDictionary(keys.map { ($0, sortingKeys(dictionary[$0] ?? .null)) }))
        case .array(let elements):
            return .array(elements.map(sortingKeys))
        case .set(let members):
            return .set(members.map(sortingKeys))
        default:
            return value
        }
    }

    @Test func alamofiresShapeGivesJSONEncodersTree() throws {
        let expected: ParameterValue = ["five": ["a": "a", "b": "b"], "four": ["five": 2], "super": ["four": "one"]]
        #expect(try Self.jsonEncoderTree(ManuallyEncodableSubclass()) == expected)
        #expect(try Self.sortingKeys(ParameterValueEncoder().encode(ManuallyEncodableSubclass())) == expected)
        #expect(
            try StandardQueryStyle.brackets.queryString(encoding: ManuallyEncodableSubclass())
                == "five%5Ba%5D=a&five%5Bb%5D=b&four%5Bfive%5D=2&super%5Bfour%5D=one")
    }

    @Test(arguments: shapes.indices)
    func theParameterTreeIsJSONEncodersTree(shapeIndex: Int) throws {
        let value = Self.shapes[shapeIndex].value
        let expected = try Self.jsonEncoderTree(value)
        #expect(try Self.sortingKeys(ParameterValueEncoder().encode(value)) == expected)
        // The general encoder, which any user info selects, builds the same tree.
        let general = ParameterValueEncoder(userInfo: [CodingUserInfoKey(rawValue: "general")!: true])
        #expect(try Self.sortingKeys(general.encode(value)) == expected)
    }

    @Test(arguments: shapes.indices)
    func theQueryIsJSONEncodersTreesQuery(shapeIndex: Int) throws {
        let value = Self.shapes[shapeIndex].value
        let expected = try StandardQueryStyle.brackets.queryString(for: Self.jsonEncoderTree(value))
        #expect(try StandardQueryStyle.brackets.queryString(encoding: value) == expected)
        #expect(
            try StandardQueryStyle.indexed.queryString(encoding: value)
                == StandardQueryStyle.indexed.queryString(
                    for: Self.jsonEncoderTree(value)))
    }
}
