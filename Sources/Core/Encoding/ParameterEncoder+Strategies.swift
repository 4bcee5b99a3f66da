#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension ParameterEncoder {
    /// How ``ParameterEncoder`` writes `Date` values.
    public enum DateEncodingStrategy: Sendable {
        /// Keep the date as ``ParameterValue/date(_:)`` and let each format write it with its own date option.
        case deferredToFormat
        /// Ask `Date` to encode itself: seconds since 2001-01-01 as a floating-point number.
        case deferredToDate
        /// Seconds since 1970-01-01 as a number (`1700000000`, `1700000000.5`).
        case secondsSince1970
        /// Milliseconds since 1970-01-01, rounded to a whole number (`1700000000500`).
        case millisecondsSince1970
        /// An RFC 3339 / ISO 8601 UTC timestamp string, written by ``ISO8601Text`` (`2023-11-14T22:13:20Z`, with
        /// milliseconds when the date has them). Dates outside the years 1 to 9999 are rejected.
        case iso8601
        /// A closure that turns the date into any parameter value; its errors are kept as the underlying error.
        case custom(@Sendable (Date) throws -> ParameterValue)
    }

    /// How ``ParameterEncoder`` writes `Data` values.
    public enum DataEncodingStrategy: Sendable {
        /// Keep the bytes as ``ParameterValue/data(_:)`` and let each format write them (a file-less multipart
        /// part, base64 in JSON, …).
        case deferredToFormat
        /// Ask `Data` to encode itself: an array of byte values.
        case deferredToData
        /// A standard base64 string with padding and no line breaks.
        case base64
        /// A closure that turns the bytes into any parameter value; its errors are kept as the underlying error.
        case custom(@Sendable (Data) throws -> ParameterValue)
    }

    /// How ``ParameterEncoder`` writes the keys of keyed containers (the property names of a struct).
    ///
    /// The keys of a Swift `Dictionary` are data, not property names, and are never converted.
    public enum KeyEncodingStrategy: Sendable {
        /// Use each key's `stringValue` unchanged.
        case useDefaultKeys
        /// Convert camel case to snake case with exactly `JSONEncoder`'s rules.
        ///
        /// Words are split where a lowercase letter is followed by an uppercase one, and where a run of uppercase
        /// letters is followed by a lowercase one (the last capital starts the next word); the words are lowercased
        /// and joined with `_`. Underscores are kept as they are: `myURLValue` → `my_url_value`,
        /// `userID` → `user_id`, `_leading` → `_leading`, `_Leading` → `__leading`, `version2Point0` →
        /// `version2_point0`.
        case convertToSnakeCase
        /// A closure that returns the key to write; it receives the full coding path, ending with the key.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> String)
    }

    /// What ``ParameterEncoder`` writes for nil.
    ///
    /// Synthesized `Encodable` conformances write an optional property with `encodeIfPresent`, which leaves a nil
    /// property out; an explicit `encodeNil()` (or encoding an `Optional` with `encode`) asks for a null.
    public enum NilEncodingStrategy: Sendable, Hashable {
        /// The default, as in `JSONEncoder`: an explicit nil becomes ``ParameterValue/null``, and nil optionals
        /// written with `encodeIfPresent` are left out.
        case explicitNull
        /// Every nil becomes ``ParameterValue/null``, including nil optionals written with `encodeIfPresent`, so
        /// every property appears in the result.
        case alwaysNull
        /// A dictionary key whose value is nil is left out, even when nil was encoded explicitly. A nil element of
        /// an array stays ``ParameterValue/null``, because leaving it out would move the elements after it.
        case omitKeys
    }
}
