public import SwiftProtobuf
public import Wireform

// article code 1
/// Writes protobuf messages, and parameter trees as a `google.protobuf.Struct`, in the protobuf binary wire format
/// under `application/protobuf`.
///
/// ```swift
/// import WireformProtobuf
///
/// var registry = BodySerializerRegistry()
/// registry.register(.protobuf)
///
/// let serializer = RequestSerializer(registry: registry)
/// // A message you built with swift-protobuf (generated, or a well-known type):
/// let request = try serializer.serializedRequest(
///     method: .post, url: "https://example.com/events", query: ["v": 2], body: event, format: .protobuf)
/// ```
///
/// Messages are written with deterministic ordering (map entries sorted by key), so the same message gives the
/// same bytes on every run. A parameter tree becomes a `google.protobuf.Struct` as
/// ``SwiftProtobuf/Google_Protobuf_Struct/init(parameters:dateEncoding:)`` describes; values a `Struct` cannot
/// hold are a ``Wireform/SerializationError`` naming the key path. Errors of swift-protobuf's own (a proto2 message
/// missing a required field) reach callers of ``Wireform/RequestSerializer`` as the
/// ``Wireform/SerializationError/underlyingError`` of a ``Wireform/SerializationError/Code/serializerFailed`` error.
///
/// Servers use other names for the same bytes (``Wireform/ContentType/protobufAliases``); a serializer made with
/// ``init(mediaType:dateEncoding:)`` is registered under, and sends, the name you give it.
public struct ProtobufBodySerializer: TypedBodySerializer {
    /// The media type this serializer is registered under and sends as the `Content-Type`.
    public var mediaType: ContentType
    /// How dates in a parameter tree are written; rejected by default.
    public var dateEncoding: ProtobufDateEncoding

    /// Creates a serializer.
    /// - Parameters:
    ///   - mediaType: The media type to register under and send: `application/protobuf` by default, or one of
    ///     ``Wireform/ContentType/protobufAliases``.
    ///   - dateEncoding: How dates in a parameter tree are written.
    public init(mediaType: ContentType = .protobuf, dateEncoding: ProtobufDateEncoding = .rejected) {
        self.mediaType = mediaType
        self.dateEncoding = dateEncoding
    }

    /// Serializes a parameter tree as a `google.protobuf.Struct`.
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - context: Not used: protobuf names no fields the way a query does.
    /// - Returns: The `Struct`'s bytes.
    /// - Throws: ``Wireform/SerializationError`` for values a `Struct` cannot hold, naming the key path.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        try serialize(
            value: Google_Protobuf_Struct(parameters: parameters, dateEncoding: dateEncoding), context: context)
    }

    /// Serializes a message in the binary wire format, with deterministic ordering.
    /// - Parameters:
    ///   - value: The message.
    ///   - context: Not used.
    /// - Returns: The message's bytes.
    /// - Throws: swift-protobuf's `BinaryEncodingError`, such as a proto2 message missing a required field.
    public func serialize(value: any Message, context: BodySerializationContext) throws -> SerializedBody {
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        let bytes: [UInt8] = try value.serializedBytes(options: options)
        return SerializedBody(contentType: mediaType, body: MessageBody(bytes: bytes))
    }
}
// end of article code
