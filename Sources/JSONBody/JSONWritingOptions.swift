/// How ``JSONBodySerializer`` writes JSON text.
///
/// The default is ``sortedKeys`` alone: compact output, keys sorted so bodies are the same on every run, and `/`
/// written as-is.
///
/// ```swift
/// registry.register(.json(options: [.sortedKeys, .prettyPrinted]))
/// ```
public struct JSONWritingOptions: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: Int

    /// Creates options from bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Object keys sorted by their UTF-8 bytes (Unicode code point order) instead of the dictionary's
    /// insertion order.
    ///
    /// This is not the order of Foundation's `.sortedKeys`, which compares keys numerically and
    /// case-insensitively (`"a2"` before `"a10"`, `"B"` after `"a"`); byte order is simpler, faster, and the same
    /// on every platform. `Encodable` values go through `JSONEncoder`, which uses its own order.
    public static let sortedKeys = Self(rawValue: 1 << 0)

    /// Indented output: two spaces per level, one member per line, and `"key" : value` as Foundation writes it.
    ///
    /// Empty objects and arrays stay `{}` and `[]`.
    public static let prettyPrinted = Self(rawValue: 1 << 1)

    /// `/` written as `\/`, as `JSONSerialization` does by default; without it `/` stays `/`.
    public static let escapingSlashes = Self(rawValue: 1 << 2)

    /// A top-level string, number, boolean, null, date or data value is allowed (RFC 8259 allows it; some servers
    /// do not). Without it such a body is a ``Wireform/SerializationError/Code/unsupportedValue`` error.
    public static let fragmentsAllowed = Self(rawValue: 1 << 3)

    /// ``sortedKeys`` only.
    package static let `default`: Self = [.sortedKeys]
}
