import Foundation
import Testing
import Wireform

@testable import WireformJSONBody

/// The one JSON writer fed by the `Encodable` source (``ValueEncoder``, the writer in its `jsonEncoder` flavor) with
/// ``JSONWritingOptions/jsonEncoderCompatible`` against `JSONEncoder` configured the same way: byte for byte, for
/// every option, including the shapes that need held-back containers (nested containers by key, super encoders,
/// repeated keys). A regression test of the writer's `JSONEncoder`-compatible bytes; its tree source is compared with
/// the same writer in `JSONBodySerializerEventTests` and `JSONSuperEncoderShapeTests`, and every source with every
/// other in `JSONDialectTests`.
@Suite struct JSONEncodingSinkTests {
    struct Item: Codable {
        var id: Int
        var name: String
        var email: String
        var active: Bool
        var score: Double
        var tags: [String]
    }

    struct Scalars: Encodable {
        var int8: Int8 = .min
        var int16: Int16 = .max
        var int32: Int32 = -7
        var int64: Int64 = .min
        var uint: UInt = .max
        var uint8: UInt8 = 255
        var uint16: UInt16 = 0
        var uint32: UInt32 = 42
        var uint64: UInt64 = .max
        var float: Float = 0.1
        var wholeFloat: Float = 3
        var doubles: [Double] = [1, 0.1, -0, 1e16, 1e15, 1e-7, 1.5e300, 123_456_789_012.5, -2.5, 9_007_199_254_740_994]
        var decimal = Decimal(string: "3.14159265358979323846")!
        var url = URL(string: "https://example.com/a?b=c")!
        var missing: String? = nil
        var present: String? = "here"
        var nils: [Int?] = [1, nil, 3]
    }

    struct Texts: Encodable {
        var quote = "say \"hi\" \\ back"
        var controls = "\u{0}\u{1}\u{8}\u{9}\u{A}\u{B}\u{C}\u{D}\u{1F}\u{7F}"
        var slash = "a/b</script>"
        var unicode = "北京 é e\u{301} 👴🏻👮🏽 \u{2028}"
    }

    struct Sorting: Encodable {
        var b = 1
        var a10 = 2
        var a2 = 3
        var B = 4
        var é = 5
        var z = 6
        var Z = 7
        var _underscore = 8
    }

    struct Dates: Encodable {
        var date = Date(timeIntervalSince1970: 1_704_164_645.25)
        var whole = Date(timeIntervalSince1970: 1_704_164_645)
        var data = Data([0xFB, 0xFF, 0xBF, 1, 2, 3])
        var empty = Data()
    }

    enum Kind: String, Encodable {
        case first
        case second
    }

    struct Wrapped: Encodable {
        var raw: Int
        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(raw)
        }
    }

    struct Nested: Encodable {
        var kind = Kind.second
        var wrapped = Wrapped(raw: 7)
        var dictionary = ["zeta": 1, "alpha": 2, "Mid": 3, "mid": 4, "ö": 5]
        var intKeys = [10: "ten", 2: "two", 1: "one"]
        var empty = [String: Int]()
        var emptyArray = [Int]()
        var items = [Item(id: 1, name: "n", email: "e", active: true, score: 0.25, tags: ["x", "y"])]
        var sets: Set<Int> = [3]
    }

    /// The serializer with ``JSONWritingOptions/jsonEncoderCompatible`` added.
    private func compatible(_ serializer: JSONBodySerializer) -> JSONBodySerializer {
        var serializer = serializer
        serializer.options.insert(.jsonEncoderCompatible)
        return serializer
    }

    /// The bytes of `JSONEncoder` configured as the serializer configures it.
    private func reference(_ value: some Encodable, _ serializer: JSONBodySerializer) throws -> [UInt8] {
        [UInt8](try serializer.makeEncoder().encode(value))
    }

    /// The bytes the one writer writes for the value, sent by the engine.
    private func direct(
        _ value: some Encodable,
        _ serializer: JSONBodySerializer,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [UInt8] {
        try compatible(serializer).jsonBytes(encoding: value)
    }

    private func expectIdentical(
        _ value: some Encodable,
        _ serializer: JSONBodySerializer = JSONBodySerializer(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let expected = try reference(value, serializer)
        let written = try direct(value, serializer, sourceLocation: sourceLocation)
        #expect(
            String(decoding: written, as: UTF8.self) == String(decoding: expected, as: UTF8.self),
            sourceLocation: sourceLocation)
        let body = try compatible(serializer).serialize(encodable: value)
        #expect(body.body.bytes == expected, sourceLocation: sourceLocation)
    }

    @Test func writesObjectsArraysAndNumbersAsJSONEncoderDoes() throws {
        let items = (0..<50).map {
            Item(
                id: $0, name: "user \($0)", email: "user\($0)@example.com", active: $0 % 3 == 0,
                score: Double($0) / 4, tags: ["t\($0 % 7)", "group\($0 % 11)"])
        }
        try expectIdentical(items)
        try expectIdentical(Scalars())
        try expectIdentical(Nested())
    }

    @Test(arguments: [JSONWritingOptions.sortedKeys, [.sortedKeys, .escapingSlashes]])
    func escapesStringsAsJSONEncoderDoes(options: JSONWritingOptions) throws {
        try expectIdentical(Texts(), JSONBodySerializer(options: options))
        try expectIdentical(Dates(), JSONBodySerializer(options: options))
    }

    @Test func sortsKeysByTheirUTF8BytesAsJSONEncoderDoes() throws {
        let written = try direct(Sorting(), JSONBodySerializer())
        #expect(
            String(decoding: written, as: UTF8.self)
                == #"{"B":4,"Z":7,"_underscore":8,"a10":2,"a2":3,"b":1,"z":6,"é":5}"#)
        try expectIdentical(Sorting())
    }

    @Test(arguments: [JSONDateEncoding.iso8601, .secondsSince1970, .millisecondsSince1970])
    func writesDatesAsEachDateEncodingSays(dateEncoding: JSONDateEncoding) throws {
        try expectIdentical(Dates(), JSONBodySerializer.json(dateEncoding: dateEncoding))
    }

    @Test func writesTopLevelScalarsWithFragmentsAllowed() throws {
        let serializer = JSONBodySerializer(options: [.sortedKeys, .fragmentsAllowed])
        try expectIdentical("top/level", serializer)
        try expectIdentical(1.5, serializer)
        try expectIdentical(Kind.first, serializer)
    }

    enum Shape: Encodable {
        case circle(radius: Double)
        case square(side: Int)
    }

    class Base: Encodable {
        var base = 1
    }

    final class Derived: Base {
        var derived = 2
        override func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(derived, forKey: .derived)
            try super.encode(to: container.superEncoder())
        }
        enum CodingKeys: String, CodingKey { case derived }
    }

    struct TwoContainers: Encodable {
        func encode(to encoder: any Encoder) throws {
            var first = encoder.container(keyedBy: Sorting.CodingKeys.self)
            try first.encode(1, forKey: .b)
            var second = encoder.container(keyedBy: Sorting.CodingKeys.self)
            try second.encode(2, forKey: .a2)
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    struct Repeated: Encodable {
        enum Key: String, CodingKey { case a, b }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(2, forKey: .b)
            try container.encode(1, forKey: .a)
            try container.encode(3, forKey: .b)
        }
    }

    struct CanonicallyRepeated: Encodable {
        enum Key: String, CodingKey {
            case composed = "\u{E9}"
            case decomposed = "e\u{301}"
            case plain = "a"
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode(1, forKey: .composed)
            try container.encode(2, forKey: .plain)
            try container.encode(3, forKey: .decomposed)
        }
    }

    @Test(arguments: [JSONWritingOptions.sortedKeys, [.sortedKeys, .prettyPrinted]])
    func writesNestedContainersSuperEncodersAndRepeatedKeysAsJSONEncoderDoes(options: JSONWritingOptions) throws {
        let serializer = JSONBodySerializer(options: options)
        let cases: [any Encodable] = [
            [Shape.circle(radius: 1), .square(side: 2)], ["d": Derived()], TwoContainers(), ["n": Nothing()],
            Repeated(), CanonicallyRepeated(),
        ]
        for value in cases {
            let expected = try reference(value, serializer)
            #expect(
                String(decoding: try direct(value, serializer), as: UTF8.self)
                    == String(decoding: expected, as: UTF8.self), "\(type(of: value))")
            let body = try compatible(serializer).serialize(encodable: value)
            #expect(body.body.bytes == expected, "\(type(of: value))")
        }
    }

    @Test func prettyPrintsAsJSONEncoderDoes() throws {
        let serializer = JSONBodySerializer(options: [.sortedKeys, .prettyPrinted])
        try expectIdentical(Nested(), serializer)
        try expectIdentical(Scalars(), serializer)
        try expectIdentical([[String: [Int]]](), serializer)
    }

    @Test func throwsJSONEncodersErrors() throws {
        let serializer = JSONBodySerializer.json(dataEncoding: .rejected)
        let nan = try #require(throws: SerializationError.self) {
            try serializer.serialize(encodable: ["a": [1, Double.nan]])
        }
        #expect(nan.code == .serializerFailed)
        #expect(
            nan.reason == "The value at 'a[1]' cannot be encoded as JSON: Unable to encode Double.nan directly in JSON."
        )
        let data = try #require(throws: SerializationError.self) {
            try serializer.serialize(encodable: ["blob": Data([1])])
        }
        #expect(
            data.reason
                == "The value at 'blob' cannot be encoded as JSON: Data is not allowed: the data encoding is 'rejected'"
        )
    }
}

extension JSONEncodingSinkTests.Sorting {
    enum CodingKeys: String, CodingKey {
        case b, a10, a2, B, é, z, Z, _underscore
    }
}
