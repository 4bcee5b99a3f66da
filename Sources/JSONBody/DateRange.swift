import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The dates each date encoding can write without clamping or trapping.
enum DateRange {
    /// Whether Wireform's ISO 8601 text can write the date: finite, in the years 1 to 9999 after rounding to
    /// milliseconds.
    static func isISO8601Representable(_ date: Date) -> Bool { ISO8601Text.isRepresentable(date) }

    /// Milliseconds since 1970, rounded, or `nil` when they are not finite or do not fit in an `Int64`.
    static func millisecondsSince1970(_ date: Date) -> Int64? {
        Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded())
    }
}
