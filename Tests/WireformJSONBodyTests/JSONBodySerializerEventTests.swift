import Foundation
import Testing
import Wireform
import WireformJSONBody

/// The event route into the one JSON writer (``EventBodySerializer``, the way the JSON text source reaches it) against
/// the tree route: a tree sent as events through `serialize(context:events:)` is written byte for byte as
/// `serialize(_:context:)` writes it, and fails with the same error.
@Suite struct JSONBodySerializerEventTests {
    static let date = Date(timeIntervalSince1970: 1_704_164_645.25)

    /// A tree with every kind of value, keys out of order, and nested and empty containers.
    static var tree: ParameterValue {
        // Computed, not a stored global: LeakSanitizer does not see a lazily made global tree as reachable.
        [
            "zeta": "last/key \"quoted\" \u{1}",
            "alpha": [
                "nested": ["deeper": [1, .double(0.5), .double(-0.0), .double(1e15), .integer(UInt64.max)]],
                "empty object": [:],
                "empty array": [],
            ],
            "Mid": .set([3, 1, 2, 1]),
            "mid": [.bool(true), .bool(false), .null, [:], [[]]],
            "ö": .decimal(Decimal(string: "3.14159265358979323846")!),
            "when": .date(date),
            "data": .data(Data([0xFB, 0xFF, 0xBF, 1, 2, 3])),
            "wide": .number(ParameterNumber(Int128.max)),
            "é": "e\u{301}",
        ]
    }

    static let options: [JSONWritingOptions] = [
        [], .sortedKeys, .prettyPrinted, [.sortedKeys, .prettyPrinted], [.sortedKeys, .escapingSlashes],
        [.prettyPrinted, .escapingSlashes, .fragmentsAllowed],
    ]

    static let dateEncodings: [JSONDateEncoding] = [.iso8601, .secondsSince1970, .millisecondsSince1970]

    /// The body written from the tree's events, sent through the box as the JSON text source sends them.
    static func fromEvents(_ tree: ParameterValue, _ serializer: JSONBodySerializer) throws -> [UInt8] {
        let body = try serializer.serialize(context: BodySerializationContext()) { try tree.sendEvents(to: $0) }
        #expect(body.contentType == serializer.mediaType)
        return try #require(body.body.bytes)
    }

    /// The body written from the tree.
    static func fromTree(_ tree: ParameterValue, _ serializer: JSONBodySerializer) throws -> [UInt8] {
        try #require(try serializer.serialize(tree, context: BodySerializationContext()).body.bytes)
    }

    /// The error the event route throws, and the tree route's for the same tree.
    static func errors(
        _ tree: ParameterValue,
        _ serializer: JSONBodySerializer = JSONBodySerializer()
    ) throws -> (events: SerializationError, tree: SerializationError) {
        let events = try #require(throws: SerializationError.self) { try fromEvents(tree, serializer) }
        let treeError = try #require(throws: SerializationError.self) { try fromTree(tree, serializer) }
        return (events, treeError)
    }

    @Test(arguments: options.indices, dateEncodings.indices)
    func writesTheTreesBytes(optionsIndex: Int, dateIndex: Int) throws {
        let serializer = JSONBodySerializer.json(
            options: Self.options[optionsIndex], dateEncoding: Self.dateEncodings[dateIndex])
        let expected = try Self.fromTree(Self.tree, serializer)
        #expect(
            String(decoding: try Self.fromEvents(Self.tree, serializer), as: UTF8.self)
                == String(decoding: expected, as: UTF8.self))
    }

    @Test func writesSortedAndInsertionOrder() throws {
        let tree: ParameterValue = ["b": 1, "a": ["d": 2, "c": 3], "B": 4]
        #expect(try Self.fromEvents(tree, JSONBodySerializer()) == Array(#"{"B":4,"a":{"c":3,"d":2},"b":1}"#.utf8))
        #expect(
            try Self.fromEvents(tree, JSONBodySerializer(options: []))
                == Array(#"{"b":1,"a":{"d":2,"c":3},"B":4}"#.utf8))
    }

    @Test func writesKeysWithDifferentBytesAsDifferentKeys() throws {
        // Canonically equivalent, but two keys of a `ParameterDictionary`: both are written, in byte order when
        // sorted (a repeated key from JSON text is one key only when its bytes are the same).
        let tree = ParameterValue.dictionary(ParameterDictionary([("é", 1), ("e\u{301}", 2), ("a", 3)]))
        for serializer in [JSONBodySerializer(), JSONBodySerializer(options: [])] {
            #expect(try Self.fromEvents(tree, serializer) == Self.fromTree(tree, serializer))
        }
        let sorted = String(decoding: try Self.fromTree(tree, JSONBodySerializer()), as: UTF8.self)
        #expect(sorted == "{\"a\":3,\"e\u{301}\":2,\"é\":1}")
        let inserted = String(decoding: try Self.fromEvents(tree, JSONBodySerializer(options: [])), as: UTF8.self)
        #expect(inserted == "{\"é\":1,\"e\u{301}\":2,\"a\":3}")
    }

    @Test func writesARepeatedKeyOnceAtItsFirstPositionWithItsLastValue() throws {
        let serializer = JSONBodySerializer()
        let body = try serializer.serialize(context: BodySerializationContext()) { box in
            box.beginKeyed(sortsKeys: false)
            for (key, value) in [("b", 1), ("é", 2), ("a", 3), ("b", 4), ("e\u{301}", 5), ("é", 6)] {
                box.key(key)
                try box.integer(UInt64(value), isNegative: false)
            }
            box.endKeyed()
        }
        let text = String(decoding: try #require(body.body.bytes), as: UTF8.self)
        #expect(text == "{\"a\":3,\"b\":4,\"e\u{301}\":5,\"é\":6}")
    }

    @Test func writesEmptyContainersPrettyPrintedAsTheTreeDoes() throws {
        let serializer = JSONBodySerializer(options: .prettyPrinted)
        let text = String(decoding: try Self.fromEvents(["a": [:], "b": []], serializer), as: UTF8.self)
        #expect(text == "{\n  \"a\" : {},\n  \"b\" : []\n}")
    }

    @Test func writesDataAsBase64WithSlashesUnescaped() throws {
        let serializer = JSONBodySerializer(options: [.sortedKeys, .escapingSlashes])
        let tree: ParameterValue = ["d": .data(Data([0xFB, 0xFF, 0xBF])), "s": "/"]
        #expect(String(decoding: try Self.fromEvents(tree, serializer), as: UTF8.self) == #"{"d":"+/+/","s":"\/"}"#)
    }

    @Test func writesRandomTreesAsTheTreeDoes() throws {
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<200 {
            let tree = ParameterValue.array([Self.randomValue(depth: 0, using: &generator)])
            for options in Self.options {
                let serializer = JSONBodySerializer(options: options)
                #expect(try Self.fromEvents(tree, serializer) == Self.fromTree(tree, serializer))
            }
        }
    }

    @Test func writesTopLevelScalarsWithFragments() throws {
        let serializer = JSONBodySerializer(options: .fragmentsAllowed)
        for scalar: ParameterValue in ["text", 1, .double(0.25), true, .null, .date(Self.date), .data(Data([1]))] {
            #expect(try Self.fromEvents(scalar, serializer) == Self.fromTree(scalar, serializer))
        }
    }

    @Test func rejectsNonFiniteNumbersNamingThePath() throws {
        let (events, tree) = try Self.errors(["user": ["scores": [1, .double(.nan)]]])
        #expect(events.code == .unsupportedValue)
        #expect(events.reason == "Non-finite number nan at 'user.scores[1]' cannot be written as JSON")
        #expect(events.reason == tree.reason)
    }

    @Test func rejectsNestingDeeperThanTheLimitNamingThePath() throws {
        var value: ParameterValue = ["bad": .double(.infinity)]
        for _ in 0..<ParameterValue.maximumDepth { value = [value] }
        let (events, tree) = try Self.errors(["top": value])
        #expect(events.code == .unsupportedValue)
        let path = "top" + String(repeating: "[0]", count: ParameterValue.maximumDepth - 1)
        #expect(events.reason == "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'")
        #expect(events.reason == tree.reason)
    }

    @Test func rejectsTopLevelScalarsAndRejectedValuesAsTheTreeDoes() throws {
        let trees: [(ParameterValue, JSONBodySerializer)] = [
            ("text", JSONBodySerializer()), (.double(.nan), JSONBodySerializer()),
            (.date(Self.date), .json(dateEncoding: .rejected)),
            (["t": [.date(Date(timeIntervalSince1970: .infinity))]], .json(dateEncoding: .secondsSince1970)),
            (["t": [.date(Date(timeIntervalSince1970: 1e300))]], .json(dateEncoding: .millisecondsSince1970)),
            (["t": [1, .date(Date(timeIntervalSince1970: 253_402_300_800))]], .json()),
            (["d": [["x": .data(Data([1]))]]], .json(dataEncoding: .rejected)),
        ]
        for (tree, serializer) in trees {
            let (events, fromTree) = try Self.errors(tree, serializer)
            #expect(events.code == fromTree.code)
            #expect(events.reason == fromTree.reason)
        }
    }

    @Test func rejectsASourceThatSendsNothing() throws {
        let error = try #require(throws: SerializationError.self) {
            try JSONBodySerializer().serialize(context: BodySerializationContext()) { _ in }
        }
        #expect(error.reason == "The source sent no value")
    }

    /// A random value: scalars of every kind, and containers up to four levels deep.
    static func randomValue(depth: Int, using generator: inout SeededGenerator) -> ParameterValue {
        let keys = ["a", "b", "B", "a/b", "é", "e\u{301}", "long key of many bytes", "\u{0}", "zz", "10", "9"]
        switch Int.random(in: 0..<(depth < 4 ? 12 : 8), using: &generator) {
        case 0: return .string(keys.randomElement(using: &generator)! + "\n\"")
        case 1: return .integer(Int64.random(in: .min ... .max, using: &generator))
        case 2: return .double(Double.random(in: -1e20...1e20, using: &generator).rounded(.down) / 8)
        case 3: return .bool(Bool.random(using: &generator))
        case 4: return .null
        case 5: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...4_000_000_000, using: &generator))))
        case 6: return .data(Data((0..<Int.random(in: 0...5, using: &generator)).map { UInt8($0 * 63) }))
        case 7: return .decimal(Decimal(Int.random(in: -999...999, using: &generator)) / 100)
        case 8, 9:
            let count = Int.random(in: 0...4, using: &generator)
            let elements = (0..<count).map { _ in randomValue(depth: depth + 1, using: &generator) }
            return count == 4 ? .set(elements) : .array(elements)
        default:
            var dictionary = ParameterDictionary()
            for _ in 0..<Int.random(in: 0...5, using: &generator) {
                dictionary[keys.randomElement(using: &generator)!] = randomValue(depth: depth + 1, using: &generator)
            }
            return .dictionary(dictionary)
        }
    }
}
