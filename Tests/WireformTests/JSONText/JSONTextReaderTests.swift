import Foundation
import Testing

@testable import Wireform

/// The streaming JSON text reader: events, exact numbers, key order, duplicates, tags, errors with positions, chunk
/// boundaries, depth, UTF-8, the byte order mark, trailing text and the maximum length.
@Suite struct JSONTextReaderTests {
    private func events(_ text: String, readsTags: Bool = true) -> [String] {
        guard case .events(let events) = readJSON(text, readsTags: readsTags) else {
            Issue.record("\(text): \(readJSON(text, readsTags: readsTags))")
            return []
        }
        return events
    }

    private func failure(_ text: String, readsTags: Bool = true) -> String {
        guard case .failure(let reason) = readJSON(text, readsTags: readsTags) else {
            Issue.record("\(text) was read")
            return ""
        }
        return reason
    }

    @Test func integersAtEveryBoundaryStayIntegers() {
        let cases: [(String, String)] = [
            ("0", "integer 0"), ("-0", "integer 0"), ("42", "integer 42"), ("-42", "integer -42"),
            ("9223372036854775807", "integer 9223372036854775807"),
            ("-9223372036854775808", "integer -9223372036854775808"),
            ("9223372036854775808", "integer 9223372036854775808"),
            ("18446744073709551615", "integer 18446744073709551615"),
        ]
        for (text, event) in cases { #expect(events(text) == [event], "\(text)") }
    }

    @Test func otherNumbersAreExactOrRefused() throws {
        #expect(
            try ParameterValue(json: JSONText(MessageBody(bytes: Array("18446744073709551616".utf8))))
                == .number(ParameterNumber(Decimal(string: "18446744073709551616")!)))
        #expect(
            try ParameterValue(json: JSONText(MessageBody(bytes: Array("-9223372036854775809".utf8))))
                == .number(ParameterNumber(Decimal(string: "-9223372036854775809")!)))
        #expect(
            try ParameterValue(json: JSONText(MessageBody(bytes: Array("1.50".utf8))))
                == .number(ParameterNumber(Decimal(string: "1.5")!)))
        #expect(
            try ParameterValue(json: JSONText(MessageBody(bytes: Array("-1.25e-3".utf8))))
                == .number(ParameterNumber(Decimal(string: "-0.00125")!)))
        let digits38 = "0." + String(repeating: "9", count: 38)
        #expect(
            try ParameterValue(json: JSONText(MessageBody(bytes: Array(digits38.utf8))))
                == .number(ParameterNumber(Decimal(string: digits38)!)))
        #expect(
            try ParameterValue(json: JSONText(MessageBody(bytes: Array("1e130".utf8))))
                == .number(ParameterNumber(1e130)))
        #expect(
            failure("0." + String(repeating: "9", count: 39))
                == "invalidJSON: number 0.\(String(repeating: "9", count: 39)) cannot be kept exactly (it has more "
                + "than 38 significant digits); pass it as a string at line 1, column 1 (byte 0)")
        #expect(
            failure(#"{"n":3e-324}"#)
                == "invalidJSON: number 3e-324 cannot be kept exactly (its exponent is beyond ±127 and the nearest "
                + "Double is 5e-324); pass it as a string at line 1, column 6 (byte 5)")
        #expect(
            failure("1e400")
                == "invalidJSON: number 1e400 cannot be kept exactly (its exponent is beyond ±127 and it is beyond a "
                + "Double's range); pass it as a string at line 1, column 1 (byte 0)")
        #expect(
            failure("01") == "invalidJSON: invalid number: leading zeros are not allowed at line 1, column 1 (byte 0)")
        #expect(failure("-") == "invalidJSON: invalid number: expected a digit after '-' at line 1, column 1 (byte 0)")
        #expect(failure("1.") == "invalidJSON: invalid number: expected a digit after '.' at line 1, column 1 (byte 0)")
        #expect(
            failure("1e+")
                == "invalidJSON: invalid number: expected a digit in the exponent at line 1, column 1 (byte 0)")
    }

    @Test func membersKeepTheirOrder() {
        #expect(
            events(#"{"b":1,"a":[true,false,null],"c":{}}"#)
                == [
                    "{", "key b", "integer 1", "key a", "[", "bool true", "bool false", "null", "]", "key c", "{", "}",
                    "}",
                ])
    }

    @Test func duplicateKeysAreErrorsNamingTheKey() {
        #expect(failure(#"{"a":1,"b":2,"a":3}"#) == "invalidJSON: duplicate key 'a' at line 1, column 14 (byte 13)")
        #expect(
            failure("{\"x\":{\"k\":1,\n \"k\":2}}") == "invalidJSON: duplicate key 'k' at line 2, column 2 (byte 14)")
        // Past the few keys compared one by one: the hash table.
        let many = (0..<100).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
        #expect(failure("{\(many),\"k57\":0}").hasPrefix("invalidJSON: duplicate key 'k57' at line 1, column"))
        #expect(events("{\(many)}").count == 202)
        // Keys in ascending byte order are compared with the last one alone; one out of order brings the table.
        let sorted = (0..<100).map { "\"k\(1000 + $0)\":\($0)" }.joined(separator: ",")
        #expect(failure("{\(sorted),\"k1099\":0}").hasPrefix("invalidJSON: duplicate key 'k1099' at line 1"))
        #expect(failure("{\(sorted),\"k1042\":0}").hasPrefix("invalidJSON: duplicate key 'k1042' at line 1"))
        #expect(failure("{\(sorted),\"a\":0,\"k1042\":0}").hasPrefix("invalidJSON: duplicate key 'k1042' at line 1"))
        #expect(
            failure(#"{"b":1,"c":2,"a":3,"c":4}"#) == "invalidJSON: duplicate key 'c' at line 1, column 20 (byte 19)")
        #expect(events("{\(sorted),\"a\":0}").count == 204)
        // Keys that Swift's == finds equal are duplicates too: precomposed é and e with a combining accent, the
        // Kelvin sign and K; distinct non-ASCII keys are not.
        #expect(
            failure("{\"\u{E9}\":1,\"e\u{301}\":2}")
                == "invalidJSON: duplicate key 'e\u{301}' at line 1, column 8 (byte 8)")
        #expect(
            failure("{\"K\":1,\"\u{212A}\":2}") == "invalidJSON: duplicate key '\u{212A}' at line 1, column 8 (byte 7)")
        #expect(events("{\"\u{E9}\":1,\"e\":2,\"\u{E8}\":3}").count == 8)
        // The same key in two objects is no duplicate; a syntax error in the duplicate's value comes first.
        #expect(events(#"[{"a":1},{"a":2}]"#).count == 10)
        #expect(
            failure(#"{"a":1,"a":}"#) == "invalidJSON: unexpected '}', expected a value at line 1, column 12 (byte 11)")
    }

    @Test func tagsMakeSetsDataAndDates() {
        // A set goes out in canonical order, each member once, as a tree's set does.
        #expect(events(#"{"s":{"$set":[3,1,3]}}"#) == ["{", "key s", "set[", "integer 1", "integer 3", "]", "}"])
        #expect(events(#"{"$data_base64":"AAEC"}"#) == ["data [0, 1, 2]"])
        #expect(events(#"{"$date":"2024-01-02T03:04:05Z"}"#) == ["date 1704164645.0"])
        #expect(events(#"{"$date":"2024-01-02"}"#) == ["date 1704153600.0"])
        #expect(events(#"{"$set":1}"#, readsTags: false) == ["{", "key $set", "integer 1", "}"])
        #expect(failure(#"{"$set":1}"#) == "invalidJSON: '$set' takes an array of members at line 1, column 9 (byte 8)")
        #expect(failure(#"{"$date":1}"#) == "invalidJSON: '$date' takes a string at line 1, column 10 (byte 9)")
        #expect(
            failure(#"{"$data_base64":"*"}"#)
                == "invalidJSON: invalid Base64 in '$data_base64' '*' at line 1, column 17 (byte 16)")
        #expect(
            failure(#"{"$date":"nope"}"#)
                == "invalidJSON: invalid '$date' 'nope': expected ISO 8601 such as 2024-01-02T03:04:05Z, "
                + "2024-01-02T03:04:05.250+01:00 or 2024-01-02 at line 1, column 10 (byte 9)")
        #expect(
            failure(#"[{"$set":[1],"a":2}]"#)
                == "invalidJSON: a tagged object ('$set') must have no other keys at line 1, column 2 (byte 1)")
        #expect(
            failure(#"{"a":2,"$date":"x","$set":[]}"#)
                == "invalidJSON: a tagged object ('$date', '$set') must have no other keys at line 1, column 1 (byte 0)"
        )
        // The other keys win over a wrong value, and errors inside come first.
        #expect(
            failure(#"{"$set":1,"a":2}"#)
                == "invalidJSON: a tagged object ('$set') must have no other keys at line 1, column 1 (byte 0)")
        #expect(
            failure(#"{"$set":[1],"$set":[2]}"#) == "invalidJSON: duplicate key '$set' at line 1, column 13 (byte 12)")
    }

    @Test func errorsNameLineColumnAndByte() {
        #expect(
            failure("{\n  \"a\": tru\n}")
                == "invalidJSON: unexpected 't', expected a value at line 2, column 8 (byte 9)")
        // Columns count characters: é is two bytes, one column.
        #expect(
            failure(#"{"é":1 x}"#)
                == "invalidJSON: unexpected 'x', expected ',' or '}' in an object at line 1, column 8 (byte 8)")
        #expect(failure("[1,]") == "invalidJSON: unexpected ']', expected a value at line 1, column 4 (byte 3)")
        #expect(
            failure("[1 2]")
                == "invalidJSON: unexpected '2', expected ',' or ']' in an array at line 1, column 4 (byte 3)")
        #expect(
            failure("{1:2}")
                == "invalidJSON: unexpected '1', expected a string key in an object at line 1, column 2 (byte 1)")
        #expect(
            failure(#"{"a" 1}"#)
                == "invalidJSON: unexpected '1', expected ':' after an object key at line 1, column 6 (byte 5)")
        #expect(failure("") == "invalidJSON: unexpected end of input, expected a value at line 1, column 1 (byte 0)")
        #expect(failure(#""abc"#) == "invalidJSON: unterminated string at line 1, column 1 (byte 0)")
        #expect(
            failure("\"a\u{1}\"")
                == "invalidJSON: unescaped control character U+0001 in a string at line 1, column 3 (byte 2)")
        #expect(failure(#"["\q"]"#) == #"invalidJSON: invalid escape sequence '\q' at line 1, column 3 (byte 2)"#)
        #expect(failure(#""\ud800x""#) == "invalidJSON: unpaired UTF-16 surrogate \\uD800 at line 1, column 2 (byte 1)")
        #expect(failure(#""\u12"#) == "invalidJSON: incomplete \\u escape at line 1, column 2 (byte 1)")
        #expect(events(#""\ud83d\ude00 \u00e9\n\"""#) == ["string 😀 é\n\""])
    }

    @Test func trailingTextAndByteOrderMarkAreRefused() {
        #expect(
            failure(#"{"a":1} x"#) == "invalidJSON: unexpected 'x' after the JSON value at line 1, column 9 (byte 8)")
        #expect(failure("{} {}") == "invalidJSON: unexpected '{' after the JSON value at line 1, column 4 (byte 3)")
        #expect(failure("\u{FEFF}{}") == "invalidJSON: a byte order mark is not allowed at line 1, column 1 (byte 0)")
        #expect(events(" \n\t{}\r\n ") == ["{", "}"])
    }

    @Test func invalidUTF8IsAnError() {
        #expect(
            readJSON(bytes: [0x22, 0x61, 0xC3, 0x28, 0x22])
                == .failure("invalidJSON: invalid UTF-8 in a string at line 1, column 1 (byte 0)"))
        #expect(
            readJSON(bytes: [0x5B, 0xC3, 0xA9, 0x5D])
                == .failure("invalidJSON: unexpected byte 0xC3, expected a value at line 1, column 2 (byte 1)"))
        #expect(
            readJSON(bytes: [0x00])
                == .failure("invalidJSON: unexpected byte 0x00, expected a value at line 1, column 1 (byte 0)"))
    }

    @Test func nestingIsLimitedTo512Levels() {
        let deepest = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
        #expect(events(deepest).count == 1024)
        let tooDeep = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
        #expect(failure(tooDeep) == "invalidJSON: nesting deeper than 512 levels at line 1, column 513 (byte 512)")
    }

    /// Every text, read 1, 2 and 7 bytes at a time, gives the events or the error of one whole reading.
    @Test func chunkBoundariesChangeNothing() {
        let texts = [
            #"{"b":1,"a":[true,false,null],"c":{},"d":-12.50e3,"e":"x\u00e9\ud83d\ude00\"y","f":18446744073709551616}"#,
            #"{"s":{"$set":[3,1]},"t":{"$date":"2024-01-02T03:04:05.250+01:00"},"u":{"$data_base64":"AAEC"}}"#,
            "{\n \"a\": [1,\n 2, tru]}", #"{"a":1,"a":2}"#, #"{"$set":1,"a":2}"#, "\u{FEFF}{}", #""abc"#,
            #"{"k":"é"} x"#, "[" + String(repeating: "1,", count: 500) + "1]",
            "\"" + String(repeating: "abcé\\n", count: 300) + "\"", #"[1e400]"#,
            "0." + String(repeating: "1", count: 45),
        ]
        for text in texts {
            let whole = readJSON(text)
            for step in [1, 2, 7] { #expect(readJSON(text, step: step) == whole, "\(text), \(step) bytes at a time") }
        }
    }

    @Test func tokensLongerThanAChunkAreRead() {
        let long = String(repeating: "0123456789é", count: 60_000)
        #expect(events("[\"\(long)\",\"\\n\(long)\"]") == ["[", "string \(long)", "string \n\(long)", "]"])
    }

    @Test func theMaximumLengthStopsAnEndlessSource() {
        #expect(readJSON("[1,2]", maximumLength: 5) == .events(["[", "integer 1", "integer 2", "]"]))
        #expect(
            readJSON("[1,2] ", maximumLength: 5)
                == .failure(
                    "bodyTooLarge: The JSON text is longer than the maximum of 5 bytes; raise the maximum length to "
                        + "read it"
                ))
        let endless = JSONText(
            MessageBody(length: .unknown) { EndlessReader(prefix: Array("[".utf8), repeated: Array("1,".utf8)) },
            maximumLength: 1 << 20)
        expectSerializationError(.bodyTooLarge) { try endless.sendEvents(to: RecordingSinkBox()) }
        // Invalid text fails at once, at its first byte.
        let zeros = JSONText(MessageBody(length: .unknown) { EndlessReader(prefix: [], repeated: [0]) })
        expectSerializationError(.invalidJSON, "unexpected byte 0x00, expected a value at line 1, column 1 (byte 0)") {
            try zeros.sendEvents(to: RecordingSinkBox())
        }
    }
}
