import Foundation

/// The dates each date encoding can write without clamping or trapping.
enum DateRange {
    /// Whether ``Wireform/ISO8601Text`` writes the date exactly: finite, in the years 1 to 9999 after rounding to
    /// milliseconds (it clamps anything else).
    static func isISO8601Representable(_ date: Date) -> Bool {
        let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        return milliseconds >= -62_135_596_800_000 && milliseconds <= 253_402_300_799_999
    }

    /// Milliseconds since 1970, rounded, or `nil` when they are not finite or do not fit in an `Int64`.
    static func millisecondsSince1970(_ date: Date) -> Int64? {
        Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded())
    }
}
