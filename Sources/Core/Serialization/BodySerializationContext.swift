/// What a ``RequestSerializer`` tells a ``BodySerializer`` about the request it serializes for: the one query
/// style and space encoding that govern the URL, form bodies and multipart field names, and the encoder for
/// `Encodable` values.
///
/// A format that names fields the way a query does (form, multipart) uses ``queryStyle`` unless it was configured
/// with a style of its own; a format that does not (JSON, property lists, protobuf) ignores it. Call a serializer
/// without a context and it gets the defaults: ``QueryStyle/brackets``, `%20` for spaces and a default
/// ``ParameterValueEncoder``.
///
/// ```swift
/// var serializer = RequestSerializer()
/// serializer.queryStyle = .indexed  // GET ?ids[0]=1, and the form body ids%5B0%5D=1 alike
/// ```
public struct BodySerializationContext: Sendable {
    /// How parameters become `name=value` pairs in queries, form bodies and multipart field names.
    public var queryStyle: any QueryStyle
    /// How spaces are written in queries and form bodies.
    public var spaceEncoding: PercentEncoding.SpaceEncoding
    /// How `Encodable` values become parameters, for formats that do not encode them themselves.
    public var parameterEncoder: ParameterValueEncoder

    /// Creates a context.
    /// - Parameters:
    ///   - queryStyle: How parameters become pairs.
    ///   - spaceEncoding: How spaces are written.
    ///   - parameterEncoder: How `Encodable` values become parameters.
    public init(
        queryStyle: any QueryStyle = .brackets,
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20,
        parameterEncoder: ParameterValueEncoder = ParameterValueEncoder()
    ) {
        self.queryStyle = queryStyle
        self.spaceEncoding = spaceEncoding
        self.parameterEncoder = parameterEncoder
    }
}
