import Foundation
import Testing
import Wireform

@Suite struct ParameterNumberTests {
    @Test(arguments: [
        (Float(0.1), "0.1"),
        (Float(1.5), "1.5"),
        (Float(-2.75), "-2.75"),
        (Float(1), "1"),
        (Float(-0.0), "-0"),
        (Float(16_777_216), "16777216"),
        (Float(1e-45), "1e-45"),
        (Float(3.4028235e38), "3.4028235e+38"),
        (Float(0.3), "0.3"),
        (Float(123.456), "123.456"),
    ])
    func floatUsesItsOwnShortestText(value: Float, expected: String) {
        #expect(ParameterNumber(value).text == expected)
    }

    @Test(arguments: [
        (1.0, "1"),
        (-1.0, "-1"),
        (0.0, "0"),
        (-0.0, "-0"),
        (0.1, "0.1"),
        (123.456, "123.456"),
        (1e15, "1000000000000000"),
        (9_007_199_254_740_991.0, "9007199254740991"),
        (9_007_199_254_740_992.0, "9007199254740992"),
        (-9_007_199_254_740_992.0, "-9007199254740992"),
        (9_007_199_254_740_994.0, "9.007199254740994e+15"),
        (1e16, "1e+16"),
        (1e-7, "1e-07"),
        (1.5e300, "1.5e+300"),
        (Double.infinity, "inf"),
    ])
    func doubleIsWholeWithoutFractionOrShortest(value: Double, expected: String) {
        #expect(ParameterNumber(value).text == expected)
    }

    @Test func integersAreExactAtEveryWidth() {
        #expect(ParameterNumber(Int64.max).text == "9223372036854775807")
        #expect(ParameterNumber(Int64.min).text == "-9223372036854775808")
        #expect(ParameterNumber(UInt64.max).text == "18446744073709551615")
        #expect(ParameterNumber(Int8.min).text == "-128")
        #expect(ParameterNumber(UInt8.max).text == "255")
        #expect(ParameterNumber(0).text == "0")
        #expect(ParameterNumber(7).text == "7")
        #expect(ParameterNumber(UInt64.max).uint64Value == UInt64.max)
        #expect(ParameterNumber(UInt64.max).int64Value == nil)
        #expect(ParameterNumber(-1).uint64Value == nil)
    }

    @Test func integersBeyond64BitsKeepEveryDigit() {
        guard #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) else { return }
        let maximum = ParameterNumber(Int128.max)
        #expect(maximum.text == "170141183460469231731687303715884105727")
        #expect(ParameterNumber(Int128.min).text == "-170141183460469231731687303715884105728")
        #expect(ParameterNumber(UInt128.max).text == "340282366920938463463374607431768211455")
        #expect(maximum.isInteger)
        #expect(maximum.isFinite)
        #expect(maximum.int64Value == nil)
        #expect(maximum.uint64Value == nil)
        #expect(maximum.doubleValue == 1.7014118346046923e38)
        #expect(ParameterNumber(Int128(-5)).text == "-5")
    }

    @Test(arguments: [
        ("3.14159265358979323846264338327950288", "3.14159265358979323846264338327950288"),
        ("-12345678901234567890.123456789", "-12345678901234567890.123456789"),
        ("1e-30", "0.000000000000000000000000000001"),
        ("1.50", "1.5"),
        ("42", "42"),
    ])
    func decimalKeepsAllDigits(text: String, expected: String) throws {
        let decimal = try #require(Decimal(string: text))
        #expect(ParameterNumber(decimal).text == expected)
        #expect(ParameterNumber(decimal).decimalValue == decimal)
    }

    @Test func appendTextWritesTheSameBytesAsText() {
        var bytes: [UInt8] = Array("x=".utf8)
        ParameterNumber(Float(0.1)).appendText(to: &bytes)
        #expect(bytes == Array("x=0.1".utf8))
    }

    @Test func floatEqualsTheDoubleOfItsText() {
        #expect(ParameterNumber(Float(0.1)) == ParameterNumber(0.1))
        #expect(ParameterNumber(Float(0.1)).doubleValue == 0.1)
        #expect(ParameterNumber(Float.nan).isFinite == false)
        #expect(ParameterNumber(-Float.infinity).text == "-inf")
    }

    @Test func kindsAreReported() {
        #expect(ParameterNumber(1).isInteger)
        #expect(!ParameterNumber(1.0).isInteger)
        #expect(!ParameterNumber(Decimal(1)).isInteger)
        #expect(!ParameterNumber(Double.nan).isFinite)
        #expect(!ParameterNumber(Decimal.nan).isFinite)
        #expect(ParameterNumber(2.5).int64Value == nil)
    }
}

@Suite struct UnrepresentableDateTests {
    @Test(arguments: [Double.nan, .infinity, -.infinity, 1e300, -1e20])
    func queryRejectsDatesOutsideISO8601(_ interval: Double) throws {
        let parameters: ParameterValue = ["when": ["at": .date(Date(timeIntervalSince1970: interval))]]
        let error = try #require(throws: SerializationError.self) {
            try StandardQueryStyle.brackets.queryString(for: parameters)
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.reason.contains("'when[at]'"))
    }

    @Test func iso8601TextRejectsNaNInsteadOfTrapping() {
        #expect(!ISO8601Text.isRepresentable(Date(timeIntervalSince1970: .nan)))
        #expect(throws: SerializationError.self) { try ISO8601Text.string(from: Date(timeIntervalSince1970: .nan)) }
        #expect(
            (try? ISO8601Text.string(from: Date(timeIntervalSince1970: 253_402_300_799.999)))
                == "9999-12-31T23:59:59.999Z")
    }

    @Test func millisecondsOfNonFiniteDateIsAnError() {
        var style = StandardQueryStyle.brackets
        style.dates = .millisecondsSince1970
        #expect(throws: SerializationError.self) {
            try style.queryString(for: ["t": .date(Date(timeIntervalSince1970: .infinity))])
        }
        #expect((try? style.queryString(for: ["t": .date(Date(timeIntervalSince1970: 1.5))])) == "t=1500")
    }
}
