import Foundation
import Testing

@testable import Wireform

/// The one rule for a key that comes again in one container, for every source of the query writer: keys are the
/// same when they are equal `String`s, and the key keeps its first position and its first spelling and takes its
/// last value. A tree's keys are distinct byte strings, so its `"é"` and `"e\u{301}"` stay two keys.
@Suite struct QueryWriterRepeatedKeyTests {
    /// `é` (U+00E9), then `a`, then `e` + U+0301, which is the same `String` as `é`.
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

    /// The Kelvin sign (U+212A) first, then its canonical equivalent, the ASCII `K`.
    struct KelvinThenK: Encodable {
        enum Key: String, CodingKey {
            case kelvin = "\u{212A}"
            case ascii = "K"
        }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            try container.encode("first", forKey: .kelvin)
            try container.encode("last", forKey: .ascii)
        }
    }

    struct Nested<Value: Encodable>: Encodable {
        var u: Value
    }

    static let cases: [(style: StandardQueryStyle, expected: String)] = [
        (.brackets, "a=2&%C3%A9=3"),
        (StandardQueryStyle(keyOrdering: .insertion), "%C3%A9=3&a=2"),
        (.form(explode: false), "a=2&%C3%A9=3"),
    ]

    @Test(arguments: 0..<cases.count)
    func aRepeatedKeyKeepsItsFirstSpellingAndPositionAndTakesItsLastValue(index: Int) throws {
        let (style, expected) = Self.cases[index]
        let value = CanonicallyRepeated()
        #expect(try style.queryString(encoding: value) == expected)
        // The same through the tree the value encodes to.
        #expect(try style.queryString(for: ParameterValueEncoder().encode(value)) == expected)
    }

    @Test func theRuleHoldsInNestedAndDelimitedDictionaries() throws {
        let value = Nested(u: CanonicallyRepeated())
        let expectations: [(StandardQueryStyle, String)] = [
            (.brackets, "u%5Ba%5D=2&u%5B%C3%A9%5D=3"),
            (.dotted, "u.a=2&u.%C3%A9=3"),
            (.form(explode: true), "a=2&%C3%A9=3"),
            (.form(explode: false), "u=a,2,%C3%A9,3"),
            (.pipeDelimited, "u=a%7C2%7C%C3%A9%7C3"),
        ]
        for (style, expected) in expectations {
            #expect(try style.queryString(encoding: value) == expected)
            #expect(try style.queryString(for: ParameterValueEncoder().encode(value)) == expected)
        }
    }

    @Test func anASCIIKeyEqualToAnEarlierKeyTakesItsSpelling() throws {
        let value = KelvinThenK()
        #expect(try StandardQueryStyle.brackets.queryString(encoding: value) == "%E2%84%AA=last")
        #expect(
            try StandardQueryStyle.brackets.queryString(for: ParameterValueEncoder().encode(value)) == "%E2%84%AA=last")
    }

    @Test func multipartFieldsFollowTheSameRule() throws {
        let fields = try StandardQueryStyle.brackets.fields(events: {
            try ValueEncoder(sink: $0, options: ParameterValueEncoder()).encode(CanonicallyRepeated())
        })
        let pairs = (0..<fields.count).map {
            QueryPair(name: fields.nameText(at: $0), text: String(decoding: fields.valueBytes(at: $0), as: UTF8.self))
        }
        #expect(pairs == [QueryPair(name: "a", text: "2"), QueryPair(name: "\u{E9}", text: "3")])
    }

    @Test func aTreesCanonicallyEquivalentKeysStayTwoKeys() throws {
        var dictionary = ParameterDictionary()
        dictionary["\u{E9}"] = 1
        dictionary["e\u{301}"] = 2
        let tree = ParameterValue.dictionary(dictionary)
        #expect(try StandardQueryStyle.brackets.queryString(for: tree) == "e%CC%81=2&%C3%A9=1")
        // Sent through a box, as `serialize(context:events:)` sends it.
        var bytes: [UInt8] = []
        try StandardQueryStyle.brackets.appendQuery(
            events: { try tree.sendEvents(to: $0) }, to: &bytes, spaceEncoding: .percent20)
        #expect(String(decoding: bytes, as: UTF8.self) == "e%CC%81=2&%C3%A9=1")
    }
}
