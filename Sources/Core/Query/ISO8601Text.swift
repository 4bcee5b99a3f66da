#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// Writes dates as RFC 3339 / ISO 8601 UTC timestamps without Foundation's date formatters.
///
/// Whole seconds are written as `2024-01-02T03:04:05Z`; other times with milliseconds, `2024-01-02T03:04:05.250Z`.
/// The same text on every platform, and no formatter to allocate or lock. Four-digit years only: dates from
/// `0001-01-01T00:00:00Z` through `9999-12-31T23:59:59.999Z`; other dates (and a NaN time) are an error, never
/// clamped.
package enum ISO8601Text {
    private static let earliestMilliseconds: Double = -62_135_596_800_000
    private static let latestMilliseconds: Double = 253_402_300_799_999

    /// Whether a date can be written: it falls in the years 1 to 9999 once rounded to milliseconds.
    /// - Parameter date: The date.
    /// - Returns: `true` when ``string(from:)`` succeeds for the date.
    package static func isRepresentable(_ date: Date) -> Bool {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return milliseconds >= earliestMilliseconds && milliseconds <= latestMilliseconds
    }

    /// The timestamp for a date.
    /// - Parameter date: The date.
    /// - Returns: Text such as `2024-01-02T03:04:05Z`.
    /// - Throws: ``SerializationError/Code/unsupportedValue`` when the date is outside the years 1 to 9999.
    package static func string(from date: Date) throws(SerializationError) -> String {
        var bytes: [UInt8] = []
        try append(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the timestamp for a date as UTF-8.
    /// - Parameters:
    ///   - date: The date.
    ///   - bytes: The buffer to append to; unchanged when the date is rejected.
    /// - Throws: ``SerializationError/Code/unsupportedValue`` when the date is outside the years 1 to 9999.
    package static func append(_ date: Date, to bytes: inout [UInt8]) throws(SerializationError) {
        let interval = date.timeIntervalSince1970
        // Round to milliseconds first so that 59.9996 s becomes the next second rather than ".1000".
        let totalMilliseconds = (interval * 1000).rounded()
        guard totalMilliseconds >= earliestMilliseconds, totalMilliseconds <= latestMilliseconds else {
            throw SerializationError(
                .unsupportedValue,
                "Date \(interval) s since 1970 is outside the years 1 to 9999 that ISO 8601 text can represent"
            )
        }
        let milliseconds = Int64(totalMilliseconds)
        var seconds = milliseconds / 1000
        var fraction = milliseconds % 1000
        if fraction < 0 {
            fraction += 1000
            seconds -= 1
        }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civilDate(fromDaysSinceEpoch: days)
        appendPadded(year, width: 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(month, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendPadded(day, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        appendPadded(secondOfDay / 3600, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay / 60 % 60, width: 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        appendPadded(secondOfDay % 60, width: 2, to: &bytes)
        if fraction != 0 {
            bytes.append(UInt8(ascii: "."))
            appendPadded(fraction, width: 3, to: &bytes)
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    // Howard Hinnant's days-to-civil algorithm (proleptic Gregorian calendar).
    private static func civilDate(fromDaysSinceEpoch days: Int64) -> (Int64, Int64, Int64) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (year, month, day)
    }

    private static func appendPadded(_ value: Int64, width: Int, to bytes: inout [UInt8]) {
        var divisor: Int64 = 1
        for _ in 1..<width { divisor *= 10 }
        var remaining = value
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining / divisor % 10))
            remaining %= divisor
            divisor /= 10
        }
    }
}
