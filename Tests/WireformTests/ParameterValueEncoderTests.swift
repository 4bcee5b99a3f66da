import Foundation
import Testing
import Wireform

// MARK: - Fixtures

struct EncoderAddress: Encodable {
    var street: String
    var zip: Int
}

struct EncoderUser: Encodable {
    enum Role: String, Encodable {
        case admin
        case guest
    }

    enum Level: Int, Encodable {
        case low = 1
        case high = 3
    }

    var name: String
    var age: Int
    var nickname: String?
    var address: EncoderAddress
    var tags: [String]
    var isAdmin: Bool
    var role: Role
    var level: Level
}

/// Writes `encodeNil` explicitly for `b`, next to a synthesized-style optional `a`.
struct ExplicitNil: Encodable {
    enum CodingKeys: String, CodingKey { case a, b, list }
    var a: Int?
    var list: [Int?]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(a, forKey: .a)
        try container.encodeNil(forKey: .b)
        try container.encode(list, forKey: .list)
    }
}

struct EncodesNothing: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

struct Boom: Error {}

struct ThrowsBoom: Encodable {
    func encode(to encoder: any Encoder) throws { throw Boom() }
}

struct ThrowsInvalidValue: Encodable {
    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            42,
            EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "42 is not allowed")
        )
    }
}

struct Wrapper<Value: Encodable>: Encodable {
    var items: [Value]
}

struct Outer<Value: Encodable>: Encodable {
    var inner: Wrapper<Value>
}

/// Encodes its coding path as a string, to check what `Encoder.codingPath` reports.
struct PathEcho: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.codingPath.map(\.stringValue).joined(separator: "/"))
    }
}

final class ChainNode: Encodable {
    let value: Int
    let child: ChainNode?

    init(length: Int) {
        value = length
        child = length > 1 ? ChainNode(length: length - 1) : nil
    }
}

struct DynamicKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Encodes one integer under each of its keys.
struct KeyedValues: Encodable {
    var keys: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for (index, key) in keys.enumerated() { try container.encode(index, forKey: DynamicKey(stringValue: key)) }
    }
}

/// Opens `levels` nested keyed containers with `nestedContainer`, which cannot throw.
struct NestedContainers: Encodable {
    var levels: Int

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DynamicKey.self)
        for _ in 1..<levels {
            container = container.nestedContainer(keyedBy: DynamicKey.self, forKey: .init(stringValue: "n"))
        }
        try container.encode(true, forKey: DynamicKey(stringValue: "leaf"))
    }
}

class EncoderBase: Encodable {
    var id = 1
}

final class EncoderSubclassSharing: EncoderBase {
    enum CodingKeys: String, CodingKey { case name }
    var name = "sub"

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: encoder)
    }
}

final class EncoderSubclassSuper: EncoderBase {
    enum CodingKeys: String, CodingKey { case name }
    var name = "sub"

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try super.encode(to: container.superEncoder())
    }
}

struct TwoSingleValues: Encodable {
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(1)
        try container.encode(2)
    }
}

struct KeyedThenUnkeyed: Encodable {
    func encode(to encoder: any Encoder) throws {
        var keyed = encoder.container(keyedBy: DynamicKey.self)
        try keyed.encode(1, forKey: DynamicKey(stringValue: "a"))
        var unkeyed = encoder.unkeyedContainer()
        try unkeyed.encode(2)
    }
}

struct ReadsUserInfo: Encodable {
    static let key = CodingUserInfoKey(rawValue: "tenant")!

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoder.userInfo[Self.key] as? String ?? "none")
    }
}

@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
struct WideIntegers: Encodable {
    var big: UInt128
    var small: Int128?
    var list: [Int128]
}

enum Shape: Encodable {
    case circle(radius: Double)
    case point
}

private func expectError(
    _ expectedCode: SerializationError.Code,
    _ expectedReason: String,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> ParameterValue
) {
    do {
        let value = try body()
        Issue.record("Expected an error, got \(value)", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == expectedCode, sourceLocation: sourceLocation)
        #expect(error.reason == expectedReason, sourceLocation: sourceLocation)
    } catch {
        Issue.record("Expected a SerializationError, got \(error)", sourceLocation: sourceLocation)
    }
}

// MARK: - Tests

@Suite struct ParameterEncoderTests {
    let user = EncoderUser(
        name: "bang",
        age: 30,
        nickname: nil,
        address: EncoderAddress(street: "Main St", zip: 12345),
        tags: ["a", "b"],
        isAdmin: true,
        role: .admin,
        level: .high
    )

    @Test func encodesNestedStructsInDeclarationOrder() throws {
        let expected: ParameterValue = [
            "name": "bang",
            "age": 30,
            "address": ["street": "Main St", "zip": 12345],
            "tags": ["a", "b"],
            "isAdmin": true,
            "role": "admin",
            "level": 3,
        ]
        let encoded = try ParameterValueEncoder().encode(user)
        #expect(encoded == expected)
        #expect(
            encoded.testing_dictionary?.orderedKeys == ["name", "age", "address", "tags", "isAdmin", "role", "level"])
    }

    @Test func encodesTheAFNetworkingExample() throws {
        struct Phone: Encodable {
            var mobile: String
            var home: String
        }
        struct Parameters: Encodable {
            var name: String
            var phone: Phone
            var families: [String]
            var nums: Set<Int>
        }
        let value = Parameters(
            name: "bang",
            phone: Phone(mobile: "xx", home: "xx"),
            families: ["father", "mother"],
            nums: [1]
        )
        let expected: ParameterValue = [
            "name": "bang",
            "phone": ["mobile": "xx", "home": "xx"],
            "families": ["father", "mother"],
            "nums": .set([1]),
        ]
        #expect(try ParameterValueEncoder().encode(value) == expected)
    }

    @Test func encodesNestedArraysAndOptionalElements() throws {
        #expect(try ParameterValueEncoder().encode([[1, 2], [], [3]]) == [[1, 2], [], [3]])
        #expect(try ParameterValueEncoder().encode([1, nil, 3] as [Int?]) == [1, .null, 3])
        #expect(try ParameterValueEncoder().encode(["d": [Data([1])]]) == ["d": [.data(Data([1]))]])
    }

    @Test func encodesBoolsAsBooleansNotNumbers() throws {
        #expect(try ParameterValueEncoder().encode(true) == .bool(true))
        #expect(try ParameterValueEncoder().encode([false]) == .array([.bool(false)]))
    }

    @Test func encodesScalarsWithExactNumbers() throws {
        let encoder = ParameterValueEncoder()
        #expect(try encoder.encode("x") == .string("x"))
        #expect(try encoder.encode(Int8.min) == .integer(-128))
        #expect(try encoder.encode(UInt64.max) == .integer(UInt64.max))
        #expect(try encoder.encode(Int64.max) == .integer(Int64.max))
        #expect(try encoder.encode([UInt16(7), 8]) == [7, 8])
        #expect(try encoder.encode(Float(0.1)) == .number(ParameterNumber(Float(0.1))))
        guard case .number(let float) = try encoder.encode(["f": Float(0.1)]).testing_dictionary?["f"] else {
            Issue.record("Float did not encode as a number")
            return
        }
        #expect(float.text == "0.1")
        #expect(try encoder.encode(2.5) == .double(2.5))
        let decimal = try #require(Decimal(string: "3.14159265358979323846"))
        #expect(try encoder.encode(decimal) == .decimal(decimal))
        let url = try #require(URL(string: "https://example.com/a?b=c#d"))
        #expect(try encoder.encode(["u": url]) == ["u": "https://example.com/a?b=c#d"])
    }

    @Test func encodesWideIntegers() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let encoded = try ParameterValueEncoder().encode(WideIntegers(big: .max, small: -3, list: [Int128.min]))
        guard case .number(let big) = encoded.testing_dictionary?["big"] else {
            Issue.record("UInt128 did not encode as a number")
            return
        }
        #expect(big.text == "340282366920938463463374607431768211455")
        #expect(encoded.testing_dictionary?["small"] == .integer(-3))
        guard case .array(let list) = encoded.testing_dictionary?["list"], case .number(let minimum) = list.first else {
            Issue.record("[Int128] did not encode as an array of numbers")
            return
        }
        #expect(minimum.text == "-170141183460469231731687303715884105728")
    }

    @Test func keepsNonFiniteNumbersForTheFormatsToReject() throws {
        guard case .number(let number) = try ParameterValueEncoder().encode(Double.nan) else {
            Issue.record("NaN did not encode as a number")
            return
        }
        #expect(!number.isFinite)
    }

    @Test func encodesEnumsWithAssociatedValues() throws {
        #expect(try ParameterValueEncoder().encode(Shape.circle(radius: 2)) == ["circle": ["radius": .double(2)]])
        #expect(try ParameterValueEncoder().encode([Shape.point]) == [["point": [:]]])
    }

    @Test func encodesSwiftSetsAsSets() throws {
        let encoded = try ParameterValueEncoder().encode(["nums": Set([1, 2, 3])])
        guard case .set(let members) = encoded.testing_dictionary?["nums"] else {
            Issue.record("Set did not encode as a set: \(encoded)")
            return
        }
        #expect(Set(members) == [1, 2, 3])
        #expect(members.count == 3)
    }

    @Test func sortsSwiftDictionaryKeysAndNeverConvertsThem() throws {
        var encoder = ParameterValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let encoded = try encoder.encode(["zetaKey": 1, "alphaKey": 2, "Beta": 3])
        #expect(encoded == ["Beta": 3, "alphaKey": 2, "zetaKey": 1])
        #expect(try encoder.encode([3: "c", 1: "a"]) == ["1": "a", "3": "c"])
    }

    @Test func reportsCodingPathsToEncodeTo() throws {
        let encoded = try ParameterValueEncoder().encode(Outer(inner: Wrapper(items: [PathEcho(), PathEcho()])))
        #expect(encoded == ["inner": ["items": ["inner/items/0", "inner/items/1"]]])
    }

    @Test func passesUserInfo() throws {
        var encoder = ParameterValueEncoder()
        #expect(try encoder.encode(ReadsUserInfo()) == "none")
        encoder.userInfo[ReadsUserInfo.key] = "acme"
        #expect(try encoder.encode(ReadsUserInfo()) == "acme")
    }

    @Test func sharesOneKeyedContainerBetweenClassAndSuperclass() throws {
        #expect(try ParameterValueEncoder().encode(EncoderSubclassSharing()) == ["name": "sub", "id": 1])
    }

    @Test func writesSuperEncoderUnderSuperKey() throws {
        #expect(try ParameterValueEncoder().encode(EncoderSubclassSuper()) == ["name": "sub", "super": ["id": 1]])
    }

    @Test func nestedValueThatEncodesNothingIsAnEmptyDictionary() throws {
        #expect(try ParameterValueEncoder().encode(["a": EncodesNothing()]) == ["a": [:]])
    }
}

// MARK: - Strategies

@Suite struct ParameterEncoderStrategyTests {
    struct Event: Encodable {
        var when: Date
    }

    struct Blob: Encodable {
        var bytes: Data
    }

    /// 2023-11-14T22:13:20.500Z
    let date = Date(timeIntervalSince1970: 1_700_000_000.5)

    private func encodeDate(_ strategy: ParameterValueEncoder.DateEncodingStrategy) throws -> ParameterValue? {
        try ParameterValueEncoder(dateEncodingStrategy: strategy).encode(Event(when: date)).testing_dictionary?["when"]
    }

    @Test func dateStrategies() throws {
        #expect(try encodeDate(.deferredToFormat) == .date(date))
        #expect(try ParameterValueEncoder().encode(date) == .date(date))
        #expect(try encodeDate(.deferredToDate) == .double(721_692_800.5))
        #expect(try encodeDate(.secondsSince1970) == .double(1_700_000_000.5))
        #expect(try encodeDate(.millisecondsSince1970) == .integer(1_700_000_000_500))
        #expect(try encodeDate(.iso8601) == "2023-11-14T22:13:20.500Z")
        #expect(try encodeDate(.custom { .string("day \(Int($0.timeIntervalSince1970) / 86_400)") }) == "day 19675")
    }

    @Test func iso8601RejectsDatesOutsideFourDigitYears() {
        expectError(
            .unsupportedValue,
            "Date at 'when' is outside the years 1 to 9999 that ISO 8601 text can represent"
        ) {
            try ParameterValueEncoder(dateEncodingStrategy: .iso8601).encode(
                Event(when: Date(timeIntervalSince1970: 1e12)))
        }
        expectError(
            .unsupportedValue,
            "Date at 'when' is outside the years 1 to 9999 that ISO 8601 text can represent"
        ) {
            try ParameterValueEncoder(dateEncodingStrategy: .iso8601).encode(
                Event(when: Date(timeIntervalSince1970: .nan))
            )
        }
    }

    @Test func customDateStrategyErrorsNameThePath() throws {
        let encoder = ParameterValueEncoder(dateEncodingStrategy: .custom { _ in throw Boom() })
        expectError(.serializerFailed, "Encoding failed at '[0].when': Boom()") {
            try encoder.encode([Event(when: date), Event(when: date)])
        }
        do {
            _ = try encoder.encode(Event(when: date))
            Issue.record("Expected an error")
        } catch let error as SerializationError {
            #expect(error.underlyingError is Boom)
        }
    }

    @Test func dataStrategies() throws {
        let blob = Blob(bytes: Data([1, 2, 3, 255]))
        #expect(try ParameterValueEncoder().encode(blob) == ["bytes": .data(Data([1, 2, 3, 255]))])
        #expect(try ParameterValueEncoder(dataEncodingStrategy: .base64).encode(blob) == ["bytes": "AQID/w=="])
        #expect(
            try ParameterValueEncoder(dataEncodingStrategy: .deferredToData).encode(blob) == ["bytes": [1, 2, 3, 255]])
        let hex = ParameterValueEncoder(
            dataEncodingStrategy: .custom { data in .string(data.map { String($0, radix: 16) }.joined()) }
        )
        #expect(try hex.encode(blob) == ["bytes": "123ff"])
    }

    @Test(arguments: [
        ("myURLValue", "my_url_value"),
        ("_leading", "_leading"),
        ("_Leading", "__leading"),
        ("trailing_", "trailing_"),
        ("userID", "user_id"),
        ("URLValue", "u_rl_value"),
        ("ABC", "a_bc"),
        ("aB", "a_b"),
        ("aBcD", "a_bc_d"),
        ("a_B", "a__b"),
        ("already_snake", "already_snake"),
        ("myHTTPSURL2Value", "my_httpsurl2_value"),
        ("version2Point0", "version2_point0"),
        ("AbcDEF", "abc_def"),
        ("abcDEFgh", "abc_de_fgh"),
        ("__x__Y__", "__x___y__"),
        ("x", "x"),
        ("", ""),
        ("ÉcoleÀ", "école_à"),
        ("naïveÜber", "naïve_über"),
        ("ÀÉÎ", "à_éî"),
    ])
    func snakeCaseMatchesJSONEncoder(key: String, expected: String) throws {
        var encoder = ParameterValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try encoder.encode(KeyedValues(keys: [key])) == .dictionary([expected: 0]))

        let jsonEncoder = JSONEncoder()
        jsonEncoder.keyEncodingStrategy = .convertToSnakeCase
        let json = try jsonEncoder.encode(KeyedValues(keys: [key]))
        let object = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Int])
        #expect(Array(object.keys) == [expected])
    }

    @Test func snakeCaseAppliesToNestedStructKeys() throws {
        var encoder = ParameterValueEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let encoded = try encoder.encode(Outer(inner: Wrapper(items: [KeyedValues(keys: ["someKey"])])))
        #expect(encoded == ["inner": ["items": [["some_key": 0]]]])
    }

    @Test func customKeyStrategyReceivesTheFullPath() throws {
        let encoder = ParameterValueEncoder(
            keyEncodingStrategy: .custom { path in path.map(\.stringValue).joined(separator: "-").uppercased() }
        )
        let encoded = try encoder.encode(Outer(inner: Wrapper(items: [KeyedValues(keys: ["k"])])))
        #expect(encoded == ["INNER": ["INNER-ITEMS": [["INNER-ITEMS-0-K": 0]]]])
    }

    @Test func explicitNullIsTheDefault() throws {
        let encoded = try ParameterValueEncoder().encode(ExplicitNil(a: nil, list: [1, nil]))
        #expect(encoded == ["b": .null, "list": [1, .null]])
        #expect(try ParameterValueEncoder().encode(ExplicitNil(a: 5, list: [])) == ["a": 5, "b": .null, "list": []])
        #expect(try ParameterValueEncoder().encode(Optional<Int>.none) == .null)
    }

    @Test func synthesizedOptionalsAreLeftOutByDefault() throws {
        let encoded = try ParameterValueEncoder().encode(EncoderAddressWithNote(street: "Main", note: nil, zip: nil))
        #expect(encoded == ["street": "Main"])
    }

    @Test func alwaysNullWritesEveryNilOptional() throws {
        let encoder = ParameterValueEncoder(nilEncodingStrategy: .alwaysNull)
        #expect(try encoder.encode(ExplicitNil(a: nil, list: [nil])) == ["a": .null, "b": .null, "list": [.null]])
        let encoded = try encoder.encode(EncoderAddressWithNote(street: "Main", note: nil, zip: nil))
        #expect(encoded == ["street": "Main", "note": .null, "zip": .null])
        #expect(
            try encoder.encode(EncoderAddressWithNote(street: "M", note: "n", zip: 1)) == [
                "street": "M", "note": "n", "zip": 1,
            ])
    }

    @Test func omitKeysDropsNullKeysButKeepsArrayPositions() throws {
        let encoder = ParameterValueEncoder(nilEncodingStrategy: .omitKeys)
        #expect(try encoder.encode(ExplicitNil(a: nil, list: [nil, 2])) == ["list": [.null, 2]])
        #expect(try encoder.encode(["a": Int?.none, "b": 1]) == ["b": 1])
    }
}

struct EncoderAddressWithNote: Encodable {
    var street: String
    var note: String?
    var zip: Int?
}

// MARK: - Errors

@Suite struct ParameterEncoderErrorTests {
    @Test func topLevelValueThatEncodesNothingIsAnError() {
        expectError(
            .serializerFailed,
            "A top-level value of type 'EncodesNothing' encoded nothing; it must encode at least an empty container"
        ) {
            try ParameterValueEncoder().encode(EncodesNothing())
        }
    }

    @Test func errorsFromEncodeToNameTheCodingPath() throws {
        expectError(.serializerFailed, "Encoding failed at 'inner.items[1]': Boom()") {
            try ParameterValueEncoder().encode(Outer(inner: Wrapper(items: [ThrowsBoom?.none, ThrowsBoom()])))
        }
        expectError(.serializerFailed, "Invalid value of type 'Int' at 'inner.items[0]': 42 is not allowed") {
            try ParameterValueEncoder().encode(Outer(inner: Wrapper(items: [ThrowsInvalidValue()])))
        }
        do {
            _ = try ParameterValueEncoder().encode([ThrowsBoom()])
            Issue.record("Expected an error")
        } catch let error as SerializationError {
            #expect(error.underlyingError is Boom)
            #expect(error.description == "Encoding failed at '[0]': Boom(): Boom()")
        }
    }

    @Test func misusingContainersIsAnErrorNotACrash() {
        expectError(
            .serializerFailed,
            "An encode(to:) implementation asked for a second single value at 'x' after encoding something else there"
        ) {
            try ParameterValueEncoder().encode(["x": TwoSingleValues()])
        }
        expectError(
            .serializerFailed,
            "An encode(to:) implementation asked for an unkeyed container at '(root)' after encoding something else there"
        ) {
            try ParameterValueEncoder().encode(KeyedThenUnkeyed())
        }
    }

    @Test func acceptsNestingUpToTheMaximumDepth() throws {
        var value = try ParameterValueEncoder().encode(ChainNode(length: ParameterValue.maximumDepth))
        var depth = 1
        while case .dictionary(let dictionary) = value, let child = dictionary["child"] {
            value = child
            depth += 1
        }
        #expect(depth == ParameterValue.maximumDepth)
    }

    @Test func rejectsRecursiveValuesPastTheMaximumDepth() throws {
        do {
            _ = try ParameterValueEncoder().encode(ChainNode(length: ParameterValue.maximumDepth + 1))
            Issue.record("Expected an error")
        } catch let error as SerializationError {
            #expect(error.code == .unsupportedValue)
            let path = Array(repeating: "child", count: ParameterValue.maximumDepth).joined(separator: ".")
            #expect(error.reason == "Parameters nest deeper than 128 levels at '\(path)'")
        }
        // A much deeper chain stops at the limit instead of overflowing the stack.
        #expect(throws: SerializationError.self) { try ParameterValueEncoder().encode(ChainNode(length: 5_000)) }
    }

    @Test func rejectsNestedContainersPastTheMaximumDepth() throws {
        _ = try ParameterValueEncoder().encode(NestedContainers(levels: ParameterValue.maximumDepth))
        do {
            _ = try ParameterValueEncoder().encode(NestedContainers(levels: ParameterValue.maximumDepth + 1))
            Issue.record("Expected an error")
        } catch let error as SerializationError {
            #expect(error.code == .unsupportedValue)
            let path = Array(repeating: "n", count: ParameterValue.maximumDepth).joined(separator: ".")
            #expect(error.reason == "Parameters nest deeper than 128 levels at '\(path)'")
        }
    }
}
