import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformJSONBody
import WireformProtobuf

/// A parameter tree becomes a `google.protobuf.Struct`; what a `Struct` cannot hold is an error naming the key path.
@Suite struct GoogleProtobufStructParametersTests {
    @Test func everyKindAStructHoldsMapsToItsValueKind() throws {
        let parameters: ParameterValue = [
            "name": "bang ✓",
            "count": 2,
            "ratio": .number(ParameterNumber(-0.5)),
            "price": .number(ParameterNumber(Decimal(string: "19.99")!)),
            "admin": true,
            "nickname": .null,
            "ids": [1, "two", [3]],
            "tags": .set(["b", "a", "b"]),
            "user": ["id": 7, "roles": .array([])],
            "empty": .dictionary([:]),
        ]
        let message = try Google_Protobuf_Struct(parameters: parameters)
        let expected: Google_Protobuf_Struct = [
            "name": "bang ✓",
            "count": 2,
            "ratio": -0.5,
            "price": 19.99,
            "admin": true,
            "nickname": nil,
            "ids": Google_Protobuf_Value(listValue: [1, "two", Google_Protobuf_Value(listValue: [3])]),
            "tags": Google_Protobuf_Value(listValue: ["a", "b"]),
            "user": Google_Protobuf_Value(structValue: ["id": 7, "roles": Google_Protobuf_Value(listValue: [])]),
            "empty": Google_Protobuf_Value(structValue: [:]),
        ]
        #expect(message == expected)
    }

    @Test(arguments: [
        ParameterValue.number(ParameterNumber(9_007_199_254_740_992)), .number(ParameterNumber(-9_007_199_254_740_992)),
        .number(ParameterNumber(UInt64(1) << 53)), .number(ParameterNumber(1e300)), .number(ParameterNumber(-0.0)),
        .number(ParameterNumber(Decimal(string: "0.1")!)), .number(ParameterNumber(Decimal(string: "1e-7")!)),
        .number(ParameterNumber(Decimal(string: "123456789012345")!)),
    ])
    func numbersADoubleHoldsExactlyAreKept(number: ParameterValue) throws {
        guard case .number(let value) = number else { return }
        let message = try Google_Protobuf_Struct(parameters: ["n": number])
        #expect(message.fields["n"]?.numberValue == value.doubleValue)
        #expect(message.fields["n"]?.kind == .numberValue(value.doubleValue))
    }

    @Test(arguments: [
        (ParameterValue.number(ParameterNumber(9_007_199_254_740_993)), "9007199254740993"),
        (.number(ParameterNumber(-9_007_199_254_740_993)), "-9007199254740993"),
        (.number(ParameterNumber(UInt64.max)), "18446744073709551615"),
        (.number(ParameterNumber(Int64.min)), "-9223372036854775808"),
        (.number(ParameterNumber(Int128(1) << 100)), "1267650600228229401496703205376"),
    ])
    func integersBeyondTwoToThe53AreErrorsNamingTheKeyPath(number: ParameterValue, text: String) {
        expectSerializationError(
            .unsupportedValue,
            "Integer \(text) at 'order.lines[1].id' is beyond 2^53, so a protobuf Struct number (a double) cannot "
                + "hold it exactly; send it as a string"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["order": ["lines": [["id": 1], ["id": number]]]])
        }
    }

    @Test func decimalsWithMoreDigitsThanADoubleAreErrors() {
        expectSerializationError(
            .unsupportedValue,
            "Decimal 3.14159265358979323846 at 'pi' has more digits than a protobuf Struct number (a double) holds; "
                + "send it as a string"
        ) {
            let pi = ParameterNumber(Decimal(string: "3.14159265358979323846")!)
            _ = try Google_Protobuf_Struct(parameters: ["pi": .number(pi)])
        }
    }

    @Test(arguments: [Double.infinity, -.infinity, .nan])
    func nonFiniteNumbersAreErrors(number: Double) {
        expectSerializationError(
            .unsupportedValue,
            "Non-finite number \(ParameterNumber(number)) at 'scores[0]' cannot be written in a protobuf Struct"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["scores": [.number(ParameterNumber(number))]])
        }
    }

    @Test func dataIsAnErrorNamingTheKeyPath() {
        expectSerializationError(
            .unsupportedValue,
            "Data at 'user[\"avatar image\"]' cannot be written in a protobuf Struct, which has no bytes value"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["user": ["avatar image": .data(Data([1, 2]))]])
        }
    }

    /// ParameterDictionary keeps "é" and "e\u{301}" apart; a Struct's Swift `Dictionary` would merge them.
    @Test func keysThatAreOneKeyToSwiftAreAnErrorNotALostValue() {
        expectSerializationError(
            .unsupportedValue,
            #"The keys '\u{e9}' and 'e\u{301}' at 'user' are one key in a protobuf Struct, whose map compares keys by "#
                + "Unicode canonical equivalence"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["user": ["\u{E9}": 1, "e\u{301}": 2]])
        }
    }

    @Test func datesAreErrorsWithoutADateEncoding() {
        expectSerializationError(
            .unsupportedValue,
            "Date at 'events[0].at' cannot be written in a protobuf Struct, which has no date value; choose a date "
                + "encoding such as '.iso8601'"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["events": [["at": .date(Date(timeIntervalSince1970: 0))]]])
        }
    }

    @Test func datesFollowTheDateEncoding() throws {
        let date = Date(timeIntervalSince1970: 1_704_164_645.25)
        let iso = try Google_Protobuf_Struct(parameters: ["at": .date(date)], dateEncoding: .iso8601)
        #expect(iso.fields["at"] == "2024-01-02T03:04:05.250Z")
        let seconds = try Google_Protobuf_Struct(parameters: ["at": .date(date)], dateEncoding: .secondsSince1970)
        #expect(seconds.fields["at"] == 1_704_164_645.25)
        let milliseconds = try Google_Protobuf_Struct(
            parameters: ["at": .date(date)], dateEncoding: .millisecondsSince1970)
        #expect(milliseconds.fields["at"] == 1_704_164_645_250)
        #expect(ProtobufDateEncoding.iso8601.description == "iso8601")
    }

    @Test func datesTheEncodingCannotWriteAreErrors() {
        let far = Date(timeIntervalSince1970: 1e300)
        expectSerializationError(
            .unsupportedValue,
            "Date at 'at' (1e+300 s since 1970) is outside the years 1 to 9999 that ISO 8601 text can represent"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["at": .date(far)], dateEncoding: .iso8601)
        }
        expectSerializationError(
            .unsupportedValue,
            "Date at 'at' (1e+300 s since 1970) is beyond 2^53 milliseconds, so a protobuf Struct number (a double) "
                + "cannot hold it exactly"
        ) {
            _ = try Google_Protobuf_Struct(parameters: ["at": .date(far)], dateEncoding: .millisecondsSince1970)
        }
        expectSerializationError(.unsupportedValue, "Date at 'at' is not finite (nan s since 1970)") {
            _ = try Google_Protobuf_Struct(
                parameters: ["at": .date(Date(timeIntervalSince1970: .nan))], dateEncoding: .secondsSince1970)
        }
    }

    @Test(arguments: [ParameterValue.array([1]), .string("x"), .null, .set([1])])
    func theTopLevelMustBeADictionary(parameters: ParameterValue) {
        expectSerializationError(
            .unsupportedValue, "A protobuf Struct body must be a dictionary, not \(kindName(parameters))"
        ) {
            _ = try Google_Protobuf_Struct(parameters: parameters)
        }
    }

    /// The same depth limit as Wireform's JSON format: the deepest tree one accepts, the other accepts too.
    @Test func nestingIsLimitedAsInWireformsOwnFormats() throws {
        func nested(_ levels: Int) -> ParameterValue {
            var value: ParameterValue = ["leaf": 1]
            for level in 1..<levels { value = level.isMultiple(of: 2) ? ["k": value] : [value] }
            return ["root": value]
        }
        let deepest = nested(128 - 1)
        _ = try JSONBodySerializer().serialize(deepest, context: BodySerializationContext())
        _ = try Google_Protobuf_Struct(parameters: deepest)
        let tooDeep = nested(128)
        let json = expectSerializationError(.unsupportedValue) {
            _ = try JSONBodySerializer().serialize(tooDeep, context: BodySerializationContext())
        }
        let protobuf = expectSerializationError(.unsupportedValue) {
            _ = try Google_Protobuf_Struct(parameters: tooDeep)
        }
        #expect(protobuf?.reason == json?.reason)
    }
}

/// The kind names in Wireform's messages.
private func kindName(_ value: ParameterValue) -> String {
    switch value {
    case .array: return "an array"
    case .string: return "a string"
    case .null: return "null"
    case .set: return "a set"
    default: return "another kind"
    }
}
