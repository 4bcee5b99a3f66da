#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns JSON number text with a fraction or an exponent into a number that holds exactly the value written, or
/// says why it cannot.
///
/// A `Decimal` keeps 38 significant digits and a power-of-ten exponent from -128 to 127. A number outside that
/// exponent range becomes a `Double` when the `Double`'s shortest text is the same number (`1e130` is written
/// `1e+130`, `1e-320` stays `1e-320`); otherwise it would be rounded (`3e-324` to `5e-324`, `9.9e-324` to `1e-323`,
/// `1e400` to infinity), and a number is never changed silently.
///
/// A zero keeps its sign: `-0.0` and `-0e5` are the `Double` negative zero (a `Decimal` has no negative zero), as
/// `JSONSerialization` reads them; `0.0` is the `Decimal` zero. (`-0`, without a fraction or an exponent, is integer
/// syntax and never comes here: it is the integer zero, as `JSONSerialization` reads it.)
enum JSONExactNumber {
    /// The largest number of significant digits a `Decimal` keeps exactly.
    static let maximumDigits = 38

    /// Why a number cannot be kept, as the end of a sentence.
    struct Refusal: Error {
        /// The reason.
        let reason: String
    }

    /// A number's significant digits (no leading or trailing zeros) and the power of ten they are multiplied by.
    struct Digits: Equatable {
        /// The digits, each 0 to 9.
        var digits: [UInt8] = []
        /// The power of ten.
        var exponent = 0
        /// Whether the number is negative.
        var isNegative = false

        /// The digits of JSON number text or of a `Double`'s description (`-12.50e3`, `1e+130`); `nil` when the
        /// exponent is out of all proportion.
        init?(_ text: String) {
            var utf8 = Substring(text).utf8[...]
            if utf8.first == UInt8(ascii: "-") {
                isNegative = true
                utf8 = utf8.dropFirst()
            }
            var seenPoint = false
            while let byte = utf8.first {
                if byte == UInt8(ascii: ".") {
                    seenPoint = true
                } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                    guard let value = Int(Substring(utf8.dropFirst())), abs(value) < 100_000 else { return nil }
                    exponent += value
                    break
                } else {
                    digits.append(byte - UInt8(ascii: "0"))
                    if seenPoint { exponent -= 1 }
                }
                utf8 = utf8.dropFirst()
            }
            // Leading zeros carry no value; trailing zeros move into the exponent.
            while digits.first == 0 { digits.removeFirst() }
            while digits.last == 0 {
                digits.removeLast()
                exponent += 1
            }
            if digits.isEmpty { exponent = 0 }
        }
    }

    /// The number for a JSON number with a fraction or an exponent (`-12.50e3`).
    /// - Throws: ``Refusal`` when no `Decimal` or `Double` holds it exactly.
    static func parse(_ text: String) throws(Refusal) -> ParameterNumber {
        guard let parsed = Digits(text) else { throw Refusal(reason: "its exponent is beyond any number's range") }
        if parsed.digits.isEmpty { return parsed.isNegative ? ParameterNumber(-0.0) : ParameterNumber(Decimal(0)) }
        guard parsed.digits.count <= maximumDigits else {
            throw Refusal(reason: "it has more than \(maximumDigits) significant digits")
        }
        if (-128...127).contains(parsed.exponent) {
            // At most 38 digits: every step is exact in a Decimal's 128-bit significand.
            var significand = Decimal(0)
            for digit in parsed.digits { significand = significand * 10 + Decimal(Int(digit)) }
            let value = Decimal(
                sign: parsed.isNegative ? .minus : .plus, exponent: parsed.exponent, significand: significand)
            if !value.isNaN { return ParameterNumber(value) }
        }
        guard let value = Double(text), value.isFinite, value != 0 else {
            throw Refusal(reason: "its exponent is beyond ±127 and it is beyond a Double's range")
        }
        guard Digits(value.description) == parsed else {
            throw Refusal(reason: "its exponent is beyond ±127 and the nearest Double is \(value)")
        }
        return ParameterNumber(value)
    }
}
