/// How ``JSONBodySerializer`` writes a ``Wireform/ParameterValue/date(_:)`` value, which JSON has no type for.
public enum JSONDateEncoding: Sendable, Hashable {
    /// An RFC 3339 / ISO 8601 UTC string: `"2024-01-02T03:04:05Z"`, with milliseconds when the date has a
    /// fraction of a second (`"2024-01-02T03:04:05.250Z"`). The default.
    case iso8601
    /// Seconds since 1970-01-01T00:00:00Z as a number: `1704164645` or `1704164645.25`.
    case secondsSince1970
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to an integer: `1704164645250`.
    case millisecondsSince1970
    /// Dates are not allowed: a date is a ``Wireform/SerializationError/Code/unsupportedValue`` error naming its
    /// key path.
    case rejected
}
