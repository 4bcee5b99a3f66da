/// How ``JSONBodySerializer`` writes a ``Wireform/ParameterValue/data(_:)`` value, which JSON has no type for.
public enum JSONDataEncoding: Sendable, Hashable {
    /// A standard Base64 string with padding and no line breaks (RFC 4648 section 4). The default.
    case base64
    /// Data is not allowed: a data value is a ``Wireform/SerializationError/Code/unsupportedValue`` error naming
    /// its key path.
    case rejected
}
