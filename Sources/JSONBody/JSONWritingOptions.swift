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

    /// The bytes `JSONEncoder` writes where Wireform's own JSON differs, for every source alike (a parameter tree,
    /// an `Encodable` value, JSON text):
    ///
    /// | what | without this option | with it |
    /// | --- | --- | --- |
    /// | an empty object or array, pretty-printed | `{}`, `[]` | `{`, two newlines, `}` (and `[`, `]`) |
    /// | Base64 data with ``escapingSlashes`` | `/` as-is (Base64 cannot form `</`) | `\/`, as in any other string |
    ///
    /// Everything else is the same either way: numbers (`1e15` is `1000000000000000`, `1e16` is `1e+16`, as
    /// `JSONEncoder` writes them), dates, escaping, key order, and a Swift `Set` as its distinct members in
    /// canonical order (`JSONEncoder` writes a set in its iteration order, which changes from run to run). Set it
    /// when a server or a stored fixture expects `JSONEncoder`'s pretty-printed or slash-escaped bytes; the
    /// `encoder` argument of ``JSONBodySerializer/init(options:encoder:charset:)`` gives `JSONEncoder` itself.
    public static let jsonEncoderCompatible = Self(rawValue: 1 << 4)

    /// ``sortedKeys`` only.
    package static let `default`: Self = [.sortedKeys]
}
