import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Scalars: strings, booleans, numbers, null, dates and data. A value that cannot be written throws before any of
/// its bytes (or the comma before it) are written, so the error's path names it.
extension JSONEncodingSink {
    /// A string, escaped.
    mutating func string(_ value: String) {
        beginScalar("a string")
        appendString(value)
    }

    /// `true` or `false`.
    mutating func bool(_ value: Bool) {
        beginScalar("a boolean")
        if value {
            bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
        } else {
            bytes.append(contentsOf: [
                UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
            ])
        }
    }

    /// `null`.
    mutating func null() {
        beginScalar("null")
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    /// An integer's digits.
    mutating func integer(_ magnitude: UInt64, isNegative: Bool) {
        beginScalar("a number")
        appendInteger(magnitude, isNegative: isNegative)
    }

    /// A number: ``Wireform/ParameterNumber/description``, which for a `Double` is the text `JSONEncoder` writes
    /// too (`Double.description` without a trailing `.0`: whole values up to 2^53 as integers, `1e+16` beyond).
    mutating func number(_ value: ParameterNumber) throws {
        guard value.isFinite else { throw failure(.nonFiniteNumber(value)) }
        beginScalar("a number")
        value.appendText(to: &bytes)
    }

    /// A date, as ``dateEncoding`` says.
    mutating func date(_ value: Date) throws {
        // The time interval, not the date, goes into errors: describing a `Date` whose interval is NaN traps.
        let interval = value.timeIntervalSince1970
        switch dateEncoding.base {
        case .iso8601:
            guard ISO8601Text.isRepresentable(value) else {
                throw failure(.dateOutOfRange(dateEncoding, interval: interval))
            }
            beginScalar("a date")
            bytes.append(UInt8(ascii: "\""))
            do {
                try ISO8601Text.append(value, to: &bytes)
            } catch {
                throw failure(.dateOutOfRange(dateEncoding, interval: interval))
            }
            bytes.append(UInt8(ascii: "\""))
        case .secondsSince1970:
            guard interval.isFinite else { throw failure(.dateOutOfRange(dateEncoding, interval: interval)) }
            beginScalar("a date")
            ParameterNumber(interval).appendText(to: &bytes)
        case .millisecondsSince1970:
            guard let milliseconds = DateRange.millisecondsSince1970(value) else {
                throw failure(.dateOutOfRange(dateEncoding, interval: interval))
            }
            beginScalar("a date")
            appendInteger(milliseconds.magnitude, isNegative: milliseconds < 0)
        case .rejected:
            throw failure(.rejectedDate(interval: interval))
        }
    }

    /// Data, as ``dataEncoding`` says: a Base64 string, escaped as strings are only with ``writesJSONEncoderBytes``.
    mutating func data(_ value: Data) throws {
        guard dataEncoding == .base64 else { throw failure(.rejectedData(value)) }
        if writesJSONEncoderBytes {
            string(value.base64EncodedString())
        } else {
            beginScalar("data")
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: value.base64EncodedData())
            bytes.append(UInt8(ascii: "\""))
        }
    }

    /// An integer's decimal digits, after a `-` when it is negative.
    private mutating func appendInteger(_ magnitude: UInt64, isNegative: Bool) {
        if isNegative { bytes.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        // The digits come out last first, into a stack buffer: J1 and J2 −388k instructions a call against
        // `ParameterNumber(magnitude).appendText` (unspecialized across modules).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = magnitude
            var start = 20
            while remaining > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            // The digits just written (start..<20), copied out before the stack buffer is freed.
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start..<20]))
        }
    }
}
