// TEMPORARY: replaced by the full Encodable encoder (helper branch `encoder`).
/// Converts `Encodable` values into a ``ParameterValue`` tree.
public struct ParameterEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// Encodes a value.
    /// - Parameter value: The value.
    /// - Returns: The tree.
    /// - Throws: ``SerializationError/Code/encodingFailed``.
    public func encode<Value: Encodable>(_ value: Value) throws -> ParameterValue {
        throw SerializationError(.encodingFailed, "not yet implemented")
    }
}
