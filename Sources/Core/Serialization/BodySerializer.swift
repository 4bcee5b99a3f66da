/// Turns parameters, or an `Encodable` value, into a request body and the media type that describes it.
///
/// A format is a type that conforms to this protocol and is registered in a ``BodySerializerRegistry``. Wireform's
/// own formats (form, JSON, property list, multipart) plug in exactly the way your own does:
///
/// ```swift
/// struct CSVSerializer: BodySerializer {
///     var mediaType: ContentType { ContentType("text/csv")! }
///
///     func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
///         guard case .array(let rows) = parameters else {
///             throw SerializationError(.unsupportedValue, "CSV needs an array of rows")
///         }
///         var bytes: [UInt8] = []
///         for row in rows { ... }
///         return SerializedBody(contentType: mediaType, body: MessageBody(bytes: bytes))
///     }
/// }
///
/// var registry = BodySerializerRegistry()
/// registry.register(CSVSerializer())
/// ```
///
/// Only ``mediaType`` and ``serialize(_:context:)`` are required. ``serialize(encodable:context:)`` converts the
/// value with the context's ``BodySerializationContext/parameterEncoder`` unless the format encodes `Encodable`
/// values itself, and ``bodyWithoutParameters`` says what a request with no parameters gets (nothing, by default).
/// Requirements use plain `throws`: a format may throw errors of its own, which ``RequestSerializer`` keeps as the
/// ``SerializationError/underlyingError`` of a ``SerializationError/Code/serializerFailed`` error.
public protocol BodySerializer: Sendable {
    /// The media type this format is registered under, without parameters, such as `application/json`.
    var mediaType: ContentType { get }

    /// Serializes a parameter tree.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - context: The query style, space encoding and parameter encoder of the request.
    /// - Returns: The body and its `Content-Type` (with any parameters, such as a multipart boundary).
    /// - Throws: When the format cannot represent the parameters; Wireform's formats throw ``SerializationError``.
    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody

    /// Serializes an `Encodable` value.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: The query style, space encoding and parameter encoder of the request.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: When the value cannot be encoded or represented.
    func serialize<Value: Encodable>(encodable value: Value, context: BodySerializationContext) throws -> SerializedBody

    /// The body for a request that has no parameters, or `nil` for no body and no `Content-Type`.
    ///
    /// A conformer may implement it as a plain (non-throwing) property; it throws when the serializer's own
    /// configuration is invalid (a bad `charset`, for example), so that the problem is never a silently dropped body.
    var bodyWithoutParameters: SerializedBody? { get throws }
}

extension BodySerializer {
    /// Converts the value with the context's ``BodySerializationContext/parameterEncoder`` and serializes the result.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: The query style, space encoding and parameter encoder of the request.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: ``SerializationError`` when the value cannot be converted, or what ``serialize(_:context:)`` throws.
    public func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        try serialize(try context.parameterEncoder.encode(value), context: context)
    }

    /// No body: requests without parameters get no body and no `Content-Type`.
    public var bodyWithoutParameters: SerializedBody? { nil }

    /// Serializes a parameter tree with the default context (``QueryStyle/brackets``, `%20` for spaces).
    /// - Parameter parameters: The parameters.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: What ``serialize(_:context:)`` throws.
    package func serialize(_ parameters: ParameterValue) throws -> SerializedBody {
        try serialize(parameters, context: BodySerializationContext())
    }

    /// Serializes an `Encodable` value with the default context.
    /// - Parameter value: The value.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: What ``serialize(encodable:context:)`` throws.
    package func serialize<Value: Encodable>(encodable value: Value) throws -> SerializedBody {
        try serialize(encodable: value, context: BodySerializationContext())
    }
}

/// A serialized body together with the `Content-Type` that describes it.
public struct SerializedBody: Sendable {
    /// The media type for the `Content-Type` header, with its parameters (`charset`, `boundary`, …).
    public var contentType: ContentType
    /// The body.
    public var body: MessageBody

    /// Creates a serialized body.
    /// - Parameters:
    ///   - contentType: The media type with its parameters.
    ///   - body: The body.
    public init(contentType: ContentType, body: MessageBody) {
        self.contentType = contentType
        self.body = body
    }

    /// Creates a serialized body held in memory.
    /// - Parameters:
    ///   - contentType: The media type with its parameters.
    ///   - bytes: The body.
    package init(contentType: ContentType, bytes: [UInt8]) {
        self.init(contentType: contentType, body: MessageBody(bytes: bytes))
    }
}
