import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// Every source reaches one writer per format: a tree sent as events, in insertion order, through
/// `serialize(context:events:)` gives the bytes of the same tree serialized directly.
@Suite struct PropertyListEventSourceTests {
    static let serializers: [PropertyListBodySerializer] = [
        PropertyListBodySerializer(format: .xml, keyOrdering: .sorted),
        PropertyListBodySerializer(format: .xml, keyOrdering: .insertion),
        PropertyListBodySerializer(format: .binary, keyOrdering: .sorted),
        PropertyListBodySerializer(format: .binary, keyOrdering: .insertion),
    ]

    /// The bytes of a tree serialized directly and sent as events.
    func bothBytes(
        _ tree: ParameterValue,
        _ serializer: PropertyListBodySerializer
    ) throws -> (direct: [UInt8], events: [UInt8]) {
        let direct = try #require(try serializer.serialize(tree).body.bytes)
        let events = try #require(
            try serializer.serialize(context: BodySerializationContext()) { try tree.sendEvents(to: $0) }.body.bytes)
        return (direct, events)
    }

    private static var nested: ParameterValue {
        // Computed, not a stored global: LeakSanitizer does not see a lazily made global tree as reachable.
        [
            "zeta": ["b": 2, "a": [1, "two", ["deep": true, "alpha": .double(1.5)]]],
            "alpha": .set(["b", "a", "b", 3]),
            "mid": ["empty": [:], "list": [], "when": .date(Date(timeIntervalSinceReferenceDate: 12.5))],
            "data": .data(Data(0..<100)),
            "é": "unicode ✓",
            "neg": -42,
            "big": .integer(UInt64.max),
        ]
    }

    @Test(arguments: serializers)
    func nestedContainersGiveTheSameBytes(serializer: PropertyListBodySerializer) throws {
        let (direct, events) = try bothBytes(Self.nested, serializer)
        #expect(direct == events)
    }

    @Test(arguments: serializers)
    func tenThousandMembersGiveTheSameBytes(serializer: PropertyListBodySerializer) throws {
        var generator = SeededGenerator(seed: 29)
        let members = (0..<10_000).map { index -> (String, ParameterValue) in
            let key = "k\(UInt32.random(in: 0...UInt32.max, using: &generator))-\(index)"
            return (key, index % 3 == 0 ? ["n": .integer(index), "s": .string("v\(index)")] : .integer(index))
        }
        let tree = ParameterValue.dictionary(ParameterDictionary(members))
        let (direct, events) = try bothBytes(tree, serializer)
        #expect(direct == events)
        if serializer.format == .binary {
            // 10,000 keys and values plus containers: two-byte references and four-byte offsets.
            #expect(direct[direct.count - 25] == 2)
            #expect(direct[direct.count - 26] == 4)
        }
    }

    @Test(arguments: serializers)
    func scalarRootsGiveTheSameBytes(serializer: PropertyListBodySerializer) throws {
        for tree: ParameterValue in ["text", 7, -7, .double(2.5), true, .data(Data([1])), []] {
            let (direct, events) = try bothBytes(tree, serializer)
            #expect(direct == events)
        }
    }

    @Test(arguments: serializers)
    func errorsAreTheSame(serializer: PropertyListBodySerializer) throws {
        var deep: ParameterValue = 1
        for _ in 0...ParameterValue.maximumDepth { deep = [deep] }
        for tree: ParameterValue in [["a": ["b": .null]], .null, ["x": [1, .double(.nan)]], deep] {
            let direct = try #require(throws: SerializationError.self) { try serializer.serialize(tree) }
            let events = try #require(throws: SerializationError.self) {
                try serializer.serialize(context: BodySerializationContext()) { try tree.sendEvents(to: $0) }
            }
            #expect(direct.reason == events.reason)
            #expect(direct.code == events.code)
        }
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func aRepeatedKeyKeepsItsFirstPositionAndLastValue(format: PropertyListBodySerializer.Format) throws {
        let serializer = PropertyListBodySerializer(format: format, keyOrdering: .insertion)
        let body = try serializer.serialize(context: BodySerializationContext()) { box in
            box.beginKeyed(sortsKeys: false)
            box.key("b")
            try box.integer(1, isNegative: false)
            box.key("a")
            box.beginUnkeyed(isSet: false)
            try box.string("dropped")
            box.endUnkeyed()
            box.key("b")
            try box.integer(2, isNegative: false)
            box.key("a")
            try box.string("kept")
            box.endKeyed()
        }
        let expected = try serializer.serialize(["b": 2, "a": "kept"])
        #expect(body.body.bytes == expected.body.bytes)
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func incompleteEventsAreAnError(format: PropertyListBodySerializer.Format) throws {
        let serializer = PropertyListBodySerializer(format: format)
        #expect(throws: SerializationError.self) {
            try serializer.serialize(context: BodySerializationContext()) { _ in }
        }
        #expect(throws: SerializationError.self) {
            try serializer.serialize(context: BodySerializationContext()) { $0.beginKeyed(sortsKeys: false) }
        }
    }
}

extension PropertyListEventSourceTests {
    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func misplacedEventsAreAnErrorNotACrash(format: PropertyListBodySerializer.Format) throws {
        let serializer = PropertyListBodySerializer(format: format)
        let sources: [(any EncodingSinkBox) throws -> Void] = [
            { $0.key("a") },
            { $0.endKeyed() },
            { $0.endUnkeyed() },
            { box in
                box.beginUnkeyed(isSet: false)
                box.key("a")
                try box.string("x")
                box.endUnkeyed()
            },
            { box in
                box.beginKeyed(sortsKeys: false)
                box.endUnkeyed()
            },
            { box in
                box.beginKeyed(sortsKeys: false)
                box.key("a")
                box.endKeyed()
            },
            { box in
                box.beginKeyed(sortsKeys: false)
                try box.string("no key")
                try box.string("nor here")
                box.endKeyed()
            },
            { box in
                try box.string("one")
                try box.string("two")
            },
        ]
        for send in sources {
            #expect(throws: SerializationError.self) {
                try serializer.serialize(context: BodySerializationContext(), events: send)
            }
        }
    }
}

extension PropertyListEventSourceTests {
    /// A random tree of every kind of value, up to `depth` levels of containers.
    private static func randomTree(depth: Int, using generator: inout SeededGenerator) -> ParameterValue {
        let keys = ["a", "b", "é", "e\u{301}x", "Z", "a b", "k10", "k9", "😀", "", "long key with spaces"]
        let kind = Int.random(in: 0..<(depth > 0 ? 12 : 8), using: &generator)
        switch kind {
        case 0: return .string(keys.randomElement(using: &generator) ?? "")
        case 1: return .integer(Int64.random(in: .min ... .max, using: &generator))
        case 2: return .integer(Int.random(in: -300...300, using: &generator))
        case 3: return .double(Double.random(in: -1e6...1e6, using: &generator))
        case 4: return .bool(Bool.random(using: &generator))
        case 5: return .date(Date(timeIntervalSince1970: Double(Int.random(in: 0...2_000_000_000, using: &generator))))
        case 6: return .data(Data((0..<Int.random(in: 0...80, using: &generator)).map { UInt8($0 & 0xFF) }))
        case 7: return .integer(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &generator))
        case 8, 9:
            let count = Int.random(in: 0...6, using: &generator)
            return .dictionary(
                ParameterDictionary(
                    (0..<count).map { _ in
                        (keys.randomElement(using: &generator) ?? "", randomTree(depth: depth - 1, using: &generator))
                    }))
        case 10:
            return .set(
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    randomTree(depth: 0, using: &generator)
                })
        default:
            return .array(
                (0..<Int.random(in: 0...5, using: &generator)).map { _ in
                    randomTree(depth: depth - 1, using: &generator)
                })
        }
    }

    @Test(arguments: serializers)
    func randomTreesGiveTheSameBytes(serializer: PropertyListBodySerializer) throws {
        var generator = SeededGenerator(seed: 2_029)
        for _ in 0..<300 {
            let tree = Self.randomTree(depth: 4, using: &generator)
            let (direct, events) = try bothBytes(tree, serializer)
            #expect(direct == events)
        }
    }
}
