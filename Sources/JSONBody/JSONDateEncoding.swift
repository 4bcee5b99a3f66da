/// How ``JSONBodySerializer`` writes a ``Wireform/ParameterValue/date(_:)`` value, which JSON has no type for.
///
/// A struct with static members rather than an enum, so that new encodings (a `.custom` closure) can be added
/// in a minor release; compare with `==` (a `switch` needs a `default:`).
public struct JSONDateEncoding: Sendable, Hashable {
    enum Base: String, Sendable, Hashable {
        case iso8601
        case secondsSince1970
        case millisecondsSince1970
        case rejected
    }

    let base: Base

    /// An RFC 3339 / ISO 8601 UTC string: `"2024-01-02T03:04:05Z"`, with milliseconds when the date has a
    /// fraction of a second (`"2024-01-02T03:04:05.250Z"`). The default.
    public static var iso8601: Self { Self(base: .iso8601) }
    /// Seconds since 1970-01-01T00:00:00Z as a number: `1704164645` or `1704164645.25`.
    public static var secondsSince1970: Self { Self(base: .secondsSince1970) }
    /// Milliseconds since 1970-01-01T00:00:00Z, rounded to an integer: `1704164645250`.
    public static var millisecondsSince1970: Self { Self(base: .millisecondsSince1970) }
    /// Dates are not allowed: a date is a ``Wireform/SerializationError/Code/unsupportedValue`` error naming its
    /// key path.
    public static var rejected: Self { Self(base: .rejected) }

    /// The option's name, such as `iso8601`.
    package var description: String { base.rawValue }
}
