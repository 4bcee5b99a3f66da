import Foundation
import Wireform

/// Turns JSON number text into a number that holds exactly the value written, or `nil`.
///
/// A `Decimal` keeps 38 significant digits and a power-of-ten exponent from -128 to 127. Numbers outside that
/// exponent range with at most 15 significant digits become a `Double`, whose shortest text has the same digits
/// (`1e130` is written `1e+130`). Anything else would be rounded, and the tool never changes a number silently.
enum ExactDecimal {
    /// The largest number of significant digits a `Decimal` keeps exactly.
    static let maximumDigits = 38
    /// The largest number of significant digits every `Double` round-trips.
    static let maximumDoubleDigits = 15

    /// The number for a JSON number with a fraction or an exponent (`-12.50e3`), or `nil`.
    static func parse(_ text: String) -> ParameterNumber? {
        var digits: [UInt8] = []
        var exponent = 0
        var isNegative = false
        var seenPoint = false
        var utf8 = Substring(text).utf8[...]
        if utf8.first == UInt8(ascii: "-") {
            isNegative = true
            utf8 = utf8.dropFirst()
        }
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
        if digits.isEmpty { return ParameterNumber(Decimal(0)) }
        guard digits.count <= maximumDigits else { return nil }
        if (-128...127).contains(exponent) {
            let digitText = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
            if let significand = Decimal(string: digitText, locale: Locale(identifier: "en_US_POSIX")) {
                let value = Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
                if !value.isNaN { return ParameterNumber(value) }
            }
        }
        guard digits.count <= maximumDoubleDigits, let value = Double(text), value.isFinite, value != 0 else {
            return nil
        }
        return ParameterNumber(value)
    }
}
