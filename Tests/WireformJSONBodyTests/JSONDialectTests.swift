import Foundation
import Testing
import Wireform

@testable import WireformJSONBody

/// One JSON dialect: the same value gives the same bytes whichever source sends it — a ``ParameterValue`` tree, an
/// `Encodable` value, or JSON text — for every writing option and date encoding. Values are drawn from a seeded
/// generator over the scalars where the sources used to differ (floating-point numbers, seconds since 1970, empty
/// containers pretty-printed, Base64 with `/` escaped, sets) and the shapes around them.
@Suite struct JSONDialectTests {
    /// A value the test can hand to all three sources.
    indirect enum Node: Encodable {
        case string(String)
        case signed(Int64)
        case unsigned(UInt64)
        case double(Double)
        case decimal(Decimal)
        case bool(Bool)
        case null
        case date(Date)
        case data(Data)
        case array([Node])
        case object([(String, Node)])
        /// Distinct members (the generator draws them so).
        case set([Node])
        /// A number as the JSON text reader reads it (only in ``readFromText``, never encoded).
        case read(ParameterValue)

        /// The tree.
        var tree: ParameterValue {
            switch self {
            case .string(let value): .string(value)
            case .signed(let value): .number(ParameterNumber(value))
            case .unsigned(let value): .number(ParameterNumber(value))
            case .double(let value): .number(ParameterNumber(value))
            case .decimal(let value): .number(ParameterNumber(value))
            case .bool(let value): .bool(value)
            case .null: .null
            case .date(let value): .date(value)
            case .data(let value): .data(value)
            case .array(let elements): .array(elements.map(\.tree))
            case .object(let members):
                .dictionary(ParameterDictionary(members.map { ($0.0, $0.1.tree) }))
            case .set(let members): .set(members.map(\.tree))
            case .read(let value): value
            }
        }

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        /// The value JSON text reads back: its numbers keep the digits written (decimals, where they fit), so a
        /// floating-point number is what the reader makes of its text.
        var readFromText: Node {
            switch self {
            case .double(let value):
                .read(
                    try! ParameterValue(
                        json: JSONText(MessageBody(bytes: Array(ParameterNumber(value).description.utf8)))))
            case .array(let elements): .array(elements.map(\.readFromText))
            case .object(let members): .object(members.map { ($0.0, $0.1.readFromText) })
            case .set(let members): .set(members.map(\.readFromText))
            default: self
            }
        }

        /// A hashable member of a Swift `Set`, so that the `Encodable` source sees a set.
        struct Member: Encodable, Hashable {
            var node: Node
            var identity: String
            static func == (lhs: Self, rhs: Self) -> Bool { lhs.identity == rhs.identity }
            func hash(into hasher: inout Hasher) { hasher.combine(identity) }
            func encode(to encoder: any Encoder) throws { try node.encode(to: encoder) }
        }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .string(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .signed(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .unsigned(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .double(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .decimal(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .bool(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .null:
                var container = encoder.singleValueContainer()
                try container.encodeNil()
            case .date(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .data(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .array(let elements):
                var container = encoder.unkeyedContainer()
                for element in elements { try container.encode(element) }
            case .object(let members):
                var container = encoder.container(keyedBy: Key.self)
                for (key, value) in members { try container.encode(value, forKey: Key(stringValue: key)) }
            case .read:
                throw EncodingError.invalidValue(self, .init(codingPath: encoder.codingPath, debugDescription: "read"))
            case .set(let members):
                var container = encoder.singleValueContainer()
                try container.encode(Set(members.map { Member(node: $0, identity: "\($0.tree)") }))
            }
        }
    }

    static let strings = ["", "a", "a/b", "say \"hi\" \\", "\u{1}\u{1F}\n", "é", "e\u{301}", "北京", "👮🏽", "z"]
    static let doubles: [Double] = [
        0.1, 0.5, -2.5, 1e15, 1e16, 1e21, 1e-7, 1.5e300, 123_456_789_012.5, 9_007_199_254_740_994,
        .leastNonzeroMagnitude, 3.0e-5,
    ]
    static let decimals = ["3.14159265358979323846", "0.1", "-12.50", "1e20"].map { Decimal(string: $0)! }
    static let dates = [0, 1_704_164_645, 1_704_164_645.25, -1.5, 1_000_000_000.125].map {
        Date(timeIntervalSince1970: $0)
    }
    static let data = [Data(), Data([0xFB, 0xFF, 0xBF]), Data([0xFF, 0xFF, 0xFF, 1]), Data("hello".utf8)]
    static let keys = ["a", "b", "B", "a10", "a2", "é", "z", "", "k/1"]

    /// A scalar, drawn from the values above.
    static func scalar(_ random: inout SeededGenerator) -> Node {
        switch Int.random(in: 0..<9, using: &random) {
        case 0: .string(strings.randomElement(using: &random)!)
        case 1: .signed([0, -1, 7, .min, .max].randomElement(using: &random)!)
        case 2: .unsigned([UInt64.max, 1 << 63].randomElement(using: &random)!)
        case 3, 4: .double(doubles.randomElement(using: &random)!)
        case 5: .decimal(decimals.randomElement(using: &random)!)
        case 6: [Node.bool(true), .bool(false), .null].randomElement(using: &random)!
        case 7: .date(dates.randomElement(using: &random)!)
        default: .data(data.randomElement(using: &random)!)
        }
    }

    /// A value up to `depth` containers deep.
    static func node(_ random: inout SeededGenerator, depth: Int) -> Node {
        guard depth > 0, Int.random(in: 0..<3, using: &random) > 0 else { return scalar(&random) }
        let count = Int.random(in: 0..<4, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1:
            return .array((0..<count).map { _ in node(&random, depth: depth - 1) })
        case 2:
            // Distinct strings or distinct integers.
            if Bool.random(using: &random) {
                return .set(
                    Array(Set((0..<count + 2).map { _ in strings.randomElement(using: &random)! })).map(Node.string))
            }
            return .set(
                Array(Set((0..<count + 2).map { _ in Int64.random(in: -20...20, using: &random) })).map(Node.signed))
        default:
            var members: [(String, Node)] = []
            for key in keys.shuffled(using: &random).prefix(count + 1) {
                members.append((key, node(&random, depth: depth - 1)))
            }
            return .object(count == 0 && Bool.random(using: &random) ? [] : members)
        }
    }

    /// A top-level object of random members.
    static func values() -> [Node] {
        var random = SeededGenerator(seed: 36)
        var values: [Node] = [
            .object([("big", .double(1e15)), ("small", .double(0.1)), ("tiny", .double(1e-7))]),
            .object([("empty", .object([])), ("none", .array([])), ("full", .array([.object([])]))]),
            .object([("bytes", .data(Data([0xFB, 0xFF, 0xBF, 0xFF])))]),
            .object([("when", .date(Date(timeIntervalSince1970: 1_704_164_645.25)))]),
            .object([("tags", .set(["b", "a", "c"].map(Node.string))), ("ids", .set([3, 1, 2].map(Node.signed)))]),
        ]
        for _ in 0..<60 {
            var members: [(String, Node)] = []
            for key in keys.shuffled(using: &random).prefix(Int.random(in: 1...5, using: &random)) {
                members.append((key, node(&random, depth: 3)))
            }
            values.append(.object(members))
        }
        return values
    }

    static let optionSets: [JSONWritingOptions] = {
        let singles: [JSONWritingOptions] = [[], .sortedKeys, .prettyPrinted, .escapingSlashes, .jsonEncoderCompatible]
        return singles.flatMap { first in singles.map { first.union($0) } }
    }()

    static let serializers: [JSONBodySerializer] = optionSets.flatMap { options in
        [JSONDateEncoding.iso8601, .secondsSince1970, .millisecondsSince1970].map {
            JSONBodySerializer.json(options: options, dateEncoding: $0)
        }
    }

    /// JSON text of the tree that reads back as the same value: scalars as the writer writes them, dates, data and
    /// sets as the reader's `$date`, `$data_base64` and `$set` tags.
    static func taggedText(_ node: Node) throws -> String {
        let scalars = JSONBodySerializer.json(options: .fragmentsAllowed)
        func scalar(_ value: ParameterValue) throws -> String {
            String(decoding: try scalars.jsonBytes(for: value), as: UTF8.self)
        }
        switch node {
        case .date(let date): return "{\"$date\":\(try scalar(.date(date)))}"
        case .data(let data): return "{\"$data_base64\":\(try scalar(.data(data)))}"
        case .array(let elements): return "[" + (try elements.map(taggedText).joined(separator: ",")) + "]"
        case .set(let members): return "{\"$set\":[" + (try members.map(taggedText).joined(separator: ",")) + "]}"
        case .object(let members):
            return "{"
                + (try members.map { "\(try scalar(.string($0.0))):\(try taggedText($0.1))" }.joined(separator: ","))
                + "}"
        default: return try scalar(node.tree)
        }
    }

    /// The body's bytes as text, or the error's kind.
    static func outcome(_ bytes: () throws -> [UInt8]?) -> String {
        do {
            return String(decoding: try bytes() ?? [], as: UTF8.self)
        } catch {
            return "error"
        }
    }

    @Test func treeEncodableAndJSONTextWriteTheSameBytes() throws {
        let values = Self.values()
        var compared = 0
        for serializer in Self.serializers {
            for value in values {
                let tree = Self.outcome { try serializer.serialize(value.tree).body.bytes }
                let encodable = Self.outcome { try serializer.serialize(encodable: value).body.bytes }
                let text = JSONText(MessageBody(bytes: Array(try Self.taggedText(value).utf8)), readsTags: true)
                let json = Self.outcome {
                    try RequestSerializer().serializedRequest(
                        method: .post, url: "https://e.com", json: text, format: serializer
                    ).body?.bytes
                }
                #expect(encodable == tree, "Encodable, \(serializer.options) \(serializer.dateEncoding): \(value.tree)")
                let textTree = Self.outcome { try serializer.serialize(value.readFromText.tree).body.bytes }
                #expect(json == textTree, "JSON text, \(serializer.options) \(serializer.dateEncoding): \(value.tree)")
                compared += 1
            }
        }
        #expect(compared == 75 * 65)
    }

    /// The bytes that differed by source, written one way.
    @Test func writesTheScalarsThatDifferedOneWay() throws {
        struct Sample: Encodable {
            var big = 1e15
            var bytes = Data([0xFB, 0xFF, 0xBF, 0xFF])
            var empty: [String: Int] = [:]
            var tags: Set<String> = ["c", "a", "b"]
        }
        let tree: ParameterValue = [
            "big": .number(ParameterNumber(1e15)), "bytes": .data(Data([0xFB, 0xFF, 0xBF, 0xFF])),
            "empty": [:], "tags": .set(["c", "a", "b"]),
        ]
        let serializer = JSONBodySerializer.json(options: [.sortedKeys, .prettyPrinted, .escapingSlashes])
        let expected = """
            {
              "big" : 1000000000000000,
              "bytes" : "+/+//w==",
              "empty" : {},
              "tags" : [
                "a",
                "b",
                "c"
              ]
            }
            """
        #expect(try jsonText(tree, serializer) == expected)
        #expect(
            String(decoding: try serializer.serialize(encodable: Sample()).body.bytes ?? [], as: UTF8.self) == expected)
    }
}

extension JSONDialectTests {
    /// Wireform's number text is `JSONEncoder`'s for every `Double` (so numbers need no dialect): whole values up to
    /// 2^53 as integers, `Double.description` beyond and for fractions.
    @Test func numbersAreWrittenAsJSONEncoderWritesThem() throws {
        var random = SeededGenerator(seed: 15)
        var values = Self.doubles + [9_007_199_254_740_992, 9_007_199_254_740_994, 1e16 - 2, -0.0, 0, 1e-5, 123e-20]
        for _ in 0..<2000 {
            values.append(Double(bitPattern: random.next()))
            values.append(Double(Int64.random(in: -(1 << 60)...(1 << 60), using: &random)))
        }
        let finite = values.filter(\.isFinite)
        let written = try jsonText(.array(finite.map { .number(ParameterNumber($0)) }))
        #expect(written == String(decoding: try JSONEncoder().encode(finite), as: UTF8.self))
    }
}
