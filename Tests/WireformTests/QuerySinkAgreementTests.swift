import Foundation
import Testing

@testable import Wireform

/// Regression tests of the one query writer (`QueryWriter`) with its two outputs: a tree's events written as pairs
/// (`pairs(for:)`) or as escaped bytes (`queryString`, `appendQuery`). The bytes must be exactly the pairs escaped
/// and joined by `QueryString`, and the error the same when there is one.
@Suite struct QuerySinkAgreementTests {
    /// A deterministic xorshift generator, so a failure reproduces.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    static let pieces = [
        "a", "Z", "0", "9", "key", " ", "-", ".", "_", "~", "/", "?", "[", "]", "[]", "=", "&", "+", "%", "#", ",",
        ":", "@", "!", "$", "'", "(", ")", "*", ";", "\"", "\n", "\u{7F}", "é", "北京", "👴🏻", "👨‍👩‍👧‍👦", "\u{0301}", "",
    ]

    static func text(_ generator: inout Generator) -> String {
        var result = ""
        for _ in 0..<generator.below(5) { result += pieces[generator.below(pieces.count)] }
        return result
    }

    static func scalar(_ generator: inout Generator) -> ParameterValue {
        switch generator.below(12) {
        case 0, 1, 2: return .string(text(&generator))
        case 3: return .integer(Int64(bitPattern: generator.next()) >> generator.below(64))
        case 4:
            if generator.chance(50) { return .integer(generator.next() | 1 << 63) }
            return .integer(Int128(Int64(bitPattern: generator.next())) * 1_000_003 - 7)
        case 5:
            let doubles = [0.0, -0.0, 1.0, -2.0, 0.1, 1.5, -1e-7, 1.5e300, 9_007_199_254_740_992.0, 123_456.75]
            return .double(doubles[generator.below(doubles.count)])
        case 6: return .decimal(Decimal(string: ["3.14159265358979323846", "-0.5", "100"][generator.below(3)])!)
        case 7: return .bool(generator.chance(50))
        case 8: return .null
        case 9:
            let seconds = [0.0, 1_700_000_000.25, -86_400.5, 1_234_567_890.0, 1e12, 1e300, .infinity][
                generator.below(generator.chance(90) ? 4 : 7)]
            return .date(Date(timeIntervalSince1970: seconds))
        default:
            return .data(Data((0..<generator.below(6)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }))
        }
    }

    static func value(_ generator: inout Generator, depth: Int, allowsSets: Bool) -> ParameterValue {
        guard depth < 4 else { return scalar(&generator) }
        switch generator.below(10) {
        case 0, 1:
            return .array(
                (0..<generator.below(4)).map { _ in value(&generator, depth: depth + 1, allowsSets: allowsSets) })
        case 2, 3:
            return .dictionary(dictionary(&generator, depth: depth + 1, allowsSets: allowsSets))
        case 4 where allowsSets:
            return .set((0..<generator.below(4)).map { _ in scalar(&generator) })
        default:
            return scalar(&generator)
        }
    }

    static func dictionary(_ generator: inout Generator, depth: Int, allowsSets: Bool) -> ParameterDictionary {
        var dictionary = ParameterDictionary()
        for _ in 0..<generator.below(6) {
            dictionary[text(&generator)] = value(&generator, depth: depth, allowsSets: allowsSets)
        }
        return dictionary
    }

    static let styles: [StandardQueryStyle] = [
        .brackets, .repeated, .indexed, .commaDelimited, .dotted, .deepObject,
        StandardQueryStyle(keyOrdering: .insertion),
        StandardQueryStyle(emptyContainers: .emptyValue, nulls: .emptyValue),
        StandardQueryStyle(nulls: .omitted).with(dates: .secondsSince1970, data: .base64),
        StandardQueryStyle(arrays: .indexed, nesting: .dotted, bools: .literal).with(dates: .millisecondsSince1970),
    ]

    /// A query string or an error's code and reason.
    enum Outcome: Equatable {
        case text(String)
        case error(code: String, reason: String)

        init(_ error: any Error) {
            if let error = error as? SerializationError {
                self = .error(code: "\(error.code)", reason: error.reason)
            } else {
                self = .error(code: "unexpected", reason: "\(error)")
            }
        }
    }

    /// The pair sink's output, escaped and joined.
    static func reference(
        _ style: StandardQueryStyle,
        _ parameters: ParameterValue,
        _ spaceEncoding: PercentEncoding.SpaceEncoding
    ) -> Outcome {
        do {
            var bytes: [UInt8] = []
            QueryString.append(try style.pairs(for: parameters), to: &bytes, spaceEncoding: spaceEncoding)
            return .text(String(decoding: bytes, as: UTF8.self))
        } catch {
            return Outcome(error)
        }
    }

    static func actual(
        _ style: StandardQueryStyle,
        _ parameters: ParameterValue,
        _ spaceEncoding: PercentEncoding.SpaceEncoding
    ) -> Outcome {
        do {
            return .text(try style.queryString(for: parameters, spaceEncoding: spaceEncoding))
        } catch {
            return Outcome(error)
        }
    }

    @Test(arguments: 0..<styles.count)
    func randomTreesWriteTheSameBytesThroughBothSinks(styleIndex: Int) throws {
        let style = Self.styles[styleIndex]
        var generator = Generator(state: 0x5EED_0000 + UInt64(styleIndex))
        var textCount = 0
        for round in 0..<400 {
            let allowsSets = round % 4 == 0
            let parameters = ParameterValue.dictionary(Self.dictionary(&generator, depth: 0, allowsSets: allowsSets))
            for spaceEncoding in [PercentEncoding.SpaceEncoding.percent20, .plus] {
                let expected = Self.reference(style, parameters, spaceEncoding)
                #expect(Self.actual(style, parameters, spaceEncoding) == expected, "round \(round): \(parameters)")
                var appended = Array("x&".utf8)
                switch expected {
                case .text(let text):
                    textCount += 1
                    try style.appendQuery(for: parameters, to: &appended, spaceEncoding: spaceEncoding)
                    #expect(String(decoding: appended, as: UTF8.self) == "x&" + text, "round \(round)")
                case .error:
                    #expect(throws: SerializationError.self) {
                        try style.appendQuery(for: parameters, to: &appended, spaceEncoding: spaceEncoding)
                    }
                    #expect(appended == Array("x&".utf8), "round \(round): a failed write appends nothing")
                }
            }
        }
        // Most trees are written, not rejected: the comparison covers output, not only errors.
        #expect(textCount > 200, "only \(textCount) of 800 trees were written")
    }

    @Test func escapedSinkWritesTheExpectedBytes() throws {
        let parameters: ParameterValue = [
            "user": ["name": "bang", "tags": ["a b", "c&d"], "phone": ["home": "1"]],
            "nums": [1, -2, 3.5], "ok": true, "none": .null, "when": .date(Date(timeIntervalSince1970: 0)),
        ]
        let text = try StandardQueryStyle.brackets.queryString(for: parameters, spaceEncoding: .percent20)
        #expect(
            text
                == "none&nums%5B%5D=1&nums%5B%5D=-2&nums%5B%5D=3.5&ok=1"
                + "&user%5Bname%5D=bang&user%5Bphone%5D%5Bhome%5D=1&user%5Btags%5D%5B%5D=a%20b"
                + "&user%5Btags%5D%5B%5D=c%26d&when=1970-01-01T00%3A00%3A00Z"
        )
    }

    @Test func setsAndErrorsAreTheSameThroughBothSinks() throws {
        let withSet: ParameterValue = ["tags": .set(["b", "a", "b"])]
        #expect(try StandardQueryStyle.brackets.pairs(for: withSet).map(\.name) == ["tags", "tags"])
        #expect(try StandardQueryStyle.brackets.queryString(for: withSet) == "tags=a&tags=b")

        let infinite: ParameterValue = ["x": ["y": .double(.infinity)]]
        let error = try #require(throws: SerializationError.self) {
            try StandardQueryStyle.brackets.queryString(for: infinite)
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Non-finite number inf at 'x[y]' cannot be written in a query")

        // The escaped sink names the key unescaped, whatever the escaping did to it.
        let escapedKey: ParameterValue = ["a b+%": ["é": .double(.infinity)]]
        let plusError = try #require(throws: SerializationError.self) {
            try StandardQueryStyle.brackets.queryString(for: escapedKey, spaceEncoding: .plus)
        }
        #expect(plusError.reason == "Non-finite number inf at 'a b+%[é]' cannot be written in a query")

        var deep: ParameterValue = "leaf"
        for _ in 0..<200 { deep = ["k": deep] }
        #expect(Self.actual(.brackets, deep, .percent20) == Self.reference(.brackets, deep, .percent20))
        #expect(throws: SerializationError.self) { try StandardQueryStyle.brackets.queryString(for: "top") }
    }

    @Test func integerExtremesAreTheSameThroughBothSinks() throws {
        let parameters: ParameterValue = [
            "n": [.integer(Int64.min), .integer(-1), .integer(0), .integer(UInt64.max), "x", .integer(Int64.max)]
        ]
        let pairs = try StandardQueryStyle.brackets.pairs(for: parameters)
        #expect(
            pairs.map(\.value) == [
                .text("-9223372036854775808"), .text("-1"), .text("0"), .text("18446744073709551615"), .text("x"),
                .text("9223372036854775807"),
            ])
        #expect(
            try StandardQueryStyle.brackets.queryString(for: parameters)
                == "n%5B%5D=-9223372036854775808&n%5B%5D=-1&n%5B%5D=0&n%5B%5D=18446744073709551615&n%5B%5D=x"
                + "&n%5B%5D=9223372036854775807"
        )
    }

    @Test func unsortedKeysAreSortedByUTF8Bytes() throws {
        let parameters: ParameterValue = ["é": 1, "z": 2, "Z": 3, "a": ["b": 1, "B": 2, "": 3], "": 4]
        let text = try StandardQueryStyle.brackets.queryString(for: parameters)
        #expect(text == "=4&Z=3&a%5B%5D=3&a%5BB%5D=2&a%5Bb%5D=1&z=2&%C3%A9=1")
    }
}
