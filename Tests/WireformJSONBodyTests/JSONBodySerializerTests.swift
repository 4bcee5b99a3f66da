import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformJSONBody

@Suite struct JSONBodySerializerTests {
    @Test func writesNestedObjectsWithSortedKeys() throws {
        let parameters: ParameterValue = [
            "user": ["name": "bang", "age": 42, "tags": ["a", "b"]],
            "admin": true,
            "nickname": .null,
        ]
        #expect(
            try jsonText(parameters)
                == #"{"admin":true,"nickname":null,"user":{"age":42,"name":"bang","tags":["a","b"]}}"#
        )
    }

    @Test func keepsInsertionOrderWithoutSortedKeys() throws {
        let parameters: ParameterValue = ["z": 1, "a": ["y": 2, "b": 3]]
        #expect(try jsonText(parameters, .json(options: [])) == #"{"z":1,"a":{"y":2,"b":3}}"#)
    }

    @Test func sortsKeysByUTF8BytesNotFoundationOrder() throws {
        let parameters: ParameterValue = ["a10": 1, "a2": 2, "B": 3, "a": 4, "é": 5, "Z": 6, "": 8]
        #expect(
            try jsonText(parameters) == "{\"\":8,\"B\":3,\"Z\":6,\"a\":4,\"a10\":1,\"a2\":2,\"é\":5}")
    }

    /// Byte order, not Swift's `String` order: decomposed `e` + U+0301 sorts before precomposed `é`.
    @Test func sortsDecomposedAndPrecomposedKeysByBytes() throws {
        let parameters: ParameterValue = ["\u{E9}a": 1, "e\u{301}x": 2]
        #expect(try jsonText(parameters) == "{\"e\u{301}x\":2,\"\u{E9}a\":1}")
    }

    @Test func writesArraysAtTheTopLevel() throws {
        #expect(try jsonText([1, "two", [3], [:], []]) == #"[1,"two",[3],{},[]]"#)
    }

    @Test func writesEmptyContainers() throws {
        #expect(try jsonText([:]) == "{}")
        #expect(try jsonText([]) == "[]")
        #expect(
            try jsonText(["a": [], "b": [:]], .json(options: [.sortedKeys, .prettyPrinted])) == """
                {
                  "a" : [],
                  "b" : {}
                }
                """)
    }

    @Test func writesUnicodeAsUTF8() throws {
        let parameters: ParameterValue = ["名前": "José 👩‍👩‍👧 \u{2028}", "e\u{301}": "x"]
        #expect(try jsonText(parameters) == "{\"e\u{301}\":\"x\",\"名前\":\"José 👩‍👩‍👧 \u{2028}\"}")
    }

    @Test func escapesQuotesBackslashesAndControlCharacters() throws {
        let text = "q\"b\\s/n\nr\rt\tb\u{8}f\u{C}z\u{0}u\u{1F}d\u{7F}"
        #expect(
            try jsonText(["k": .string(text)])
                == #"{"k":"q\"b\\s/n\nr\rt\tb\bf\fz\u0000u\u001fd"# + "\u{7F}\"}"
        )
    }

    @Test func escapesSlashesOnlyWhenAsked() throws {
        #expect(try jsonText(["url": "https://a/b"]) == #"{"url":"https://a/b"}"#)
        #expect(
            try jsonText(["url": "https://a/b"], .json(options: [.sortedKeys, .escapingSlashes]))
                == #"{"url":"https:\/\/a\/b"}"#
        )
    }

    @Test func escapesKeysLikeStrings() throws {
        #expect(try jsonText(["a\"b\n": 1]) == #"{"a\"b\n":1}"#)
    }

    @Test func writesNumbersWithParameterNumberText() throws {
        let parameters: ParameterValue = [
            "a": .integer(-42),
            "b": .integer(UInt64.max),
            "c": .integer(Int64.min),
            "d": .double(1.0),
            "e": .double(0.1),
            "f": .double(-0.0),
            "g": .double(1e-7),
            "h": .double(1.5e300),
            "i": .decimal(try #require(Decimal(string: "3.14159265358979323846"))),
            "j": .double(9_007_199_254_740_992),
            "k": .integer(0),
        ]
        let text = try jsonText(parameters)
        #expect(
            text
                == #"{"a":-42,"b":18446744073709551615,"c":-9223372036854775808,"d":1,"e":0.1,"f":-0,"g":1e-07,"#
                + #""h":1.5e+300,"i":3.14159265358979323846,"j":9007199254740992,"k":0}"#
        )
    }

    @Test func writesIntegersWiderThan64BitsWithAllTheirDigits() throws {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        #expect(
            try jsonText([.integer(Int128.min), .integer(UInt128.max)])
                == "[-170141183460469231731687303715884105728,340282366920938463463374607431768211455]"
        )
    }

    @Test func writesBooleansAsLiteralsNeverNumbers() throws {
        #expect(try jsonText([true, false, 1, 0]) == "[true,false,1,0]")
    }

    @Test func writesDatesAsISO8601ByDefault() throws {
        let whole = Date(timeIntervalSince1970: 1_704_164_645)
        let fraction = Date(timeIntervalSince1970: 1_704_164_645.25)
        #expect(
            try jsonText([.date(whole), .date(fraction)])
                == #"["2024-01-02T03:04:05Z","2024-01-02T03:04:05.250Z"]"#
        )
    }

    @Test func writesDatesAsSecondsOrMilliseconds() throws {
        let date = Date(timeIntervalSince1970: 1_704_164_645.25)
        #expect(try jsonText([.date(date)], .json(dateEncoding: .secondsSince1970)) == "[1704164645.25]")
        #expect(try jsonText([.date(date)], .json(dateEncoding: .millisecondsSince1970)) == "[1704164645250]")
    }

    @Test func writesDataAsBase64() throws {
        #expect(try jsonText(["d": .data(Data([0, 1, 2, 0xFF, 0xFE]))]) == #"{"d":"AAEC//4="}"#)
    }

    /// Core's one set rule: distinct members, scalars by kind (numbers before strings) then by text, then containers.
    @Test func writesSetsAsSortedDistinctArrays() throws {
        #expect(try jsonText(["s": .set(["b", "a", "b", 2, 10, ["x": 1]])]) == #"{"s":[10,2,"a","b",{"x":1}]}"#)
        #expect(try jsonText(["s": .set([1, 1.0, .decimal(Decimal(1))])]) == #"{"s":[1]}"#)
    }

    @Test func prettyPrintsWithTwoSpacesAndSpacedColons() throws {
        let parameters: ParameterValue = ["b": [1, ["c": "d"]], "a": "x"]
        #expect(
            try jsonText(parameters, .json(options: [.sortedKeys, .prettyPrinted])) == """
                {
                  "a" : "x",
                  "b" : [
                    1,
                    {
                      "c" : "d"
                    }
                  ]
                }
                """)
    }

    @Test func writesTopLevelScalarsWithFragmentsAllowed() throws {
        let serializer = JSONBodySerializer(options: [.fragmentsAllowed])
        #expect(try jsonText("a/b", serializer) == #""a/b""#)
        #expect(try jsonText(3, serializer) == "3")
        #expect(try jsonText(true, serializer) == "true")
        #expect(try jsonText(.null, serializer) == "null")
    }

    @Test func addsACharsetOnlyWhenAsked() throws {
        #expect(try JSONBodySerializer().serialize([:]).contentType.description == "application/json")
        let withCharset = try JSONBodySerializer(charset: "utf-8").serialize([:])
        #expect(withCharset.contentType.description == "application/json; charset=utf-8")
    }

    @Test func staticMembersMatchTheInitializer() {
        let plain: JSONBodySerializer = .json
        #expect(plain.options == .default)
        #expect(plain.dateEncoding == .iso8601)
        #expect(plain.dataEncoding == .base64)
        #expect(plain.encoder == nil)
        #expect(plain.charset == nil)
        let configured: JSONBodySerializer = .json(
            options: [.prettyPrinted],
            dateEncoding: .rejected,
            dataEncoding: .rejected,
            charset: "utf-8"
        )
        #expect(configured.options == [.prettyPrinted])
        #expect(configured.dateEncoding == .rejected)
        #expect(configured.dataEncoding == .rejected)
        #expect(configured.charset == "utf-8")
        #expect(configured.mediaType == .json)
    }
}
