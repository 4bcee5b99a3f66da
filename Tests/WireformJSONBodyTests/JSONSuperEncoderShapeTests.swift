import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformJSONBody

/// JSON bodies of values that write through `superEncoder()` and `superEncoder(forKey:)`, read back with
/// `JSONSerialization`, against `JSONEncoder`'s: the one JSON writer fed by two sources, the `Encodable` value (sent
/// by the engine, in the writer's `JSONEncoder`-compatible flavor) and its `ParameterValueEncoder` tree (sent by the
/// tree, in Wireform's flavor). A regression test: both sources agree on the shape.
@Suite struct JSONSuperEncoderShapeTests {
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

    /// The usual class hierarchy: `super.encode(to:)` into super encoders that are released at once.
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

    static let shapes: [(name: String, value: any Encodable & Sendable)] = [
        ("ManuallyEncodableSubclass", ManuallyEncodableSubclass()), ("InheritingSubclass", InheritingSubclass()),
    ]

    /// JSON text read back as a tree (keys sorted by their UTF-8 bytes).
    static func tree(_ bytes: some Sequence<UInt8>) throws -> ParameterValue {
        try ParameterValue(any: JSONSerialization.jsonObject(with: Data(bytes)))
    }

    @Test func alamofiresShapeGivesJSONEncodersTree() throws {
        let body = try JSONBodySerializer().serialize(
            encodable: ManuallyEncodableSubclass(), context: BodySerializationContext())
        let expected: ParameterValue = ["five": ["a": "a", "b": "b"], "four": ["five": 2], "super": ["four": "one"]]
        #expect(try Self.tree(JSONEncoder().encode(ManuallyEncodableSubclass())) == expected)
        #expect(try Self.tree(#require(body.body.bytes)) == expected)
    }

    @Test(arguments: shapes.indices)
    func bodiesFromTheValueAndFromItsTreeAreJSONEncodersTree(shapeIndex: Int) throws {
        let value = Self.shapes[shapeIndex].value
        let expected = try Self.tree(JSONEncoder().encode(value))
        let serializer = JSONBodySerializer(options: .sortedKeys)
        let fromValue = try serializer.serialize(encodable: value, context: BodySerializationContext())
        #expect(try Self.tree(#require(fromValue.body.bytes)) == expected)
        #expect(try Self.tree(serializer.jsonBytes(for: ParameterValueEncoder().encode(value))) == expected)
    }
}
