import Foundation

/// Turns JSON number text into a `Decimal` only when the `Decimal` holds exactly the number written.
///
/// `Decimal` keeps 38 significant digits and a power-of-ten exponent from -128 to 127; anything else would be
/// rounded, and the tool never changes a number silently.
enum ExactDecimal {
    /// The largest number of significant digits a `Decimal` keeps exactly.
    static let maximumDigits = 38

    /// The decimal for a JSON number (`-12.50e3`), or `nil` when it cannot be held exactly.
    static func parse(_ text: String) -> Decimal? {
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
        if digits.isEmpty { return isNegative ? Decimal(sign: .minus, exponent: 0, significand: 0) : Decimal(0) }
        guard digits.count <= maximumDigits else { return nil }
        // Pad with zeros when the exponent is too large but the digits leave room (1e130 = 10000…0e127).
        while exponent > 127 && digits.count < maximumDigits {
            digits.append(0)
            exponent -= 1
        }
        guard (-128...127).contains(exponent) else { return nil }
        let digitText = String(decoding: digits.map { $0 + UInt8(ascii: "0") }, as: UTF8.self)
        guard let significand = Decimal(string: digitText, locale: Locale(identifier: "en_US_POSIX")) else {
            return nil
        }
        return Decimal(sign: isNegative ? .minus : .plus, exponent: exponent, significand: significand)
    }
}
