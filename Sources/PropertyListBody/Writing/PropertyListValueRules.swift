import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The checks both property list writers make of numbers: what a property list cannot hold.
enum PropertyListValueRules {
    /// Why a number cannot be written: not finite, or an integer wider than 64 bits; `nil` when it can.
    static func problem(with number: ParameterNumber) -> PropertyListWriteFailure.Problem? {
        guard number.isFinite else { return .nonFiniteNumber(number) }
        if number.isInteger && number.int64Value == nil && number.uint64Value == nil {
            return .integerTooWide(number)
        }
        return nil
    }

    /// Why a number's value cannot be a binary property list's real (an 8-byte IEEE 754 double), or `nil`: a
    /// decimal of more digits than a `Double` keeps, or an integer beyond the format's 64-bit integers given as a
    /// decimal (`12345678901234567890123`, 2^64). A floating-point value is a `Double` already, and a decimal such
    /// as `0.1` or `1e+30` is the `Double` of the same text.
    static func binaryRealProblem(with number: ParameterNumber) -> PropertyListWriteFailure.Problem? {
        guard let decimal = number.decimalValue else { return nil }
        let nearest = number.doubleValue
        let posix = Locale(identifier: "en_US_POSIX")
        guard nearest.isFinite, Decimal(string: nearest.description, locale: posix) == decimal else {
            return .realNotExact(number, nearest: nearest)
        }
        return nil
    }
}
