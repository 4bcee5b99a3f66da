import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformPropertyListBody

/// A binary property list's only real is an 8-byte double and its integers are 64-bit: a number is written with the
/// caller's value or refused, naming its key path, never rounded; whether it comes from `ParameterValue`,
/// `Encodable` or `[String: Any]`.
@Suite struct BinaryPropertyListNumberTests {
    struct Refused: Sendable, CustomTestStringConvertible {
        var text: String
        var reason: String
        var testDescription: String { text }
    }

    static let refused = [
        Refused(
            text: "12345678901234567890123",
            reason: "Number 12345678901234567890123 at 'a.n' cannot be kept exactly in a binary property list: it is "
                + "beyond the 64-bit integers the format holds, and its real, a 64-bit double, would make it "
                + "1.2345678901234568e+22; pass it as a string or use the XML format"),
        Refused(
            text: "18446744073709551616",
            reason: "Number 18446744073709551616 at 'a.n' cannot be kept exactly in a binary property list: it is "
                + "beyond the 64-bit integers the format holds, and its real, a 64-bit double, would make it "
                + "1.8446744073709552e+19; pass it as a string or use the XML format"),
        Refused(
            text: "-3.14159265358979323846",
            reason: "Number -3.14159265358979323846 at 'a.n' cannot be kept exactly in a binary property list: its "
                + "real, a 64-bit double, would make it -3.141592653589793; pass it as a string or use the XML format"),
    ]

    private struct Wrapper: Encodable {
        struct Inner: Encodable { var n: Decimal }
        var a: Inner
    }

    /// The same number from each source a caller has.
    private static func sources(_ decimal: Decimal) throws -> [ParameterValue] {
        [
            ["a": ["n": .decimal(decimal)]],
            try ParameterValueEncoder().encode(Wrapper(a: .init(n: decimal))),
            try ParameterValue(any: ["a": ["n": decimal]]),
            try ParameterValue(any: ["a": ["n": NSDecimalNumber(decimal: decimal)]]),
        ]
    }

    @Test(arguments: refused)
    func refusesADecimalThatNoRealOrIntegerHolds(_ refused: Refused) throws {
        let decimal = try #require(Decimal(string: refused.text, locale: Locale(identifier: "en_US_POSIX")))
        for parameters in try Self.sources(decimal) {
            let error = try plistError(parameters, format: .binary)
            #expect(error.code == .unsupportedValue)
            #expect(error.reason == refused.reason)
        }
    }

    @Test(arguments: refused)
    func xmlKeepsTheDigitsOfTheSameDecimal(_ refused: Refused) throws {
        let decimal = try #require(Decimal(string: refused.text, locale: Locale(identifier: "en_US_POSIX")))
        for parameters in try Self.sources(decimal) {
            #expect(try plistXML(parameters).contains("<real>\(refused.text)</real>"))
        }
    }

    @Test(arguments: ["0.1", "1.5", "-2.5e-7", "1e30", "123456789012345", "1e-128"])
    func writesADecimalThatIsADoubleAsThatDouble(_ text: String) throws {
        let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
        for parameters in try Self.sources(decimal) {
            let bytes = try #require(try PropertyListBodySerializer(format: .binary).serialize(parameters).body.bytes)
            let read = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
            let number = try #require(((read as? [String: Any])?["a"] as? [String: Any])?["n"] as? Double)
            #expect(number == Double(text))
        }
    }

    @Test(arguments: [
        Double.leastNonzeroMagnitude, 2 * .leastNonzeroMagnitude, .leastNormalMagnitude, -.leastNormalMagnitude,
        .greatestFiniteMagnitude,
    ])
    func writesEveryFiniteDoubleExactly(_ value: Double) throws {
        let bytes = try #require(
            try PropertyListBodySerializer(format: .binary).serialize(["n": .double(value)]).body.bytes)
        let read = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        #expect((read as? [String: Any])?["n"] as? Double == value)
    }
}
