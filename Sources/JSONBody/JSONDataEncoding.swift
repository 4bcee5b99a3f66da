/// How ``JSONBodySerializer`` writes a ``Wireform/ParameterValue/data(_:)`` value, which JSON has no type for.
///
/// A struct with static members rather than an enum, so that new encodings (a `.custom` closure) can be added
/// in a minor release; compare with `==` (a `switch` needs a `default:`).
public struct JSONDataEncoding: Sendable, Hashable {
    enum Base: String, Sendable, Hashable {
        case base64
        case rejected
    }

    let base: Base

    /// A standard Base64 string with padding and no line breaks (RFC 4648 section 4). The default.
    public static var base64: Self { Self(base: .base64) }
    /// Data is not allowed: a data value is a ``Wireform/SerializationError/Code/unsupportedValue`` error naming
    /// its key path.
    public static var rejected: Self { Self(base: .rejected) }

    /// The option's name, such as `base64`.
    package var description: String { base.rawValue }
}
