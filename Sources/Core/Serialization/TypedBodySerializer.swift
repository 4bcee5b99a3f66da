/// A ``BodySerializer`` that also writes values of one type of its own, such as protobuf messages, which are not
/// `Encodable` and are not parameters.
///
/// A format whose values have their own encoder conforms, and callers build requests around such a value with
/// ``RequestSerializer/serializedRequest(method:url:headers:query:body:format:)``: the method,
/// URL, query, default headers, `Content-Type` and `Content-Length` come from the ``RequestSerializer`` as for any
/// other request, and the body from ``serialize(value:context:)``.
///
/// ```swift
/// import SwiftProtobuf
/// import Wireform
///
/// /// Writes any protobuf message in the binary wire format.
/// struct MessageSerializer: TypedBodySerializer {
///     var mediaType: ContentType { ContentType("application/protobuf")! }
///
///     func serialize(value: any SwiftProtobuf.Message, context: BodySerializationContext) throws -> SerializedBody {
///         var options = BinaryEncodingOptions()
///         options.useDeterministicOrdering = true
///         let bytes: [UInt8] = try value.serializedBytes(options: options)
///         return SerializedBody(contentType: mediaType, body: MessageBody(bytes: bytes))
///     }
///
///     func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
///         throw SerializationError(.unsupportedValue, "MessageSerializer writes messages, not parameters")
///     }
/// }
///
/// let request = try serializer.serializedRequest(
///     method: .post, url: "https://example.com/events", query: ["v": 2], body: event, format: MessageSerializer())
/// ```
///
/// `Encodable` values need no conformance: every ``BodySerializer`` takes them through
/// ``BodySerializer/serialize(encodable:context:)``, and
/// ``RequestSerializer/serializedRequest(method:url:headers:query:encoding:format:placement:)`` builds the same
/// request around one (`encoding: user, format: .json, placement: .body`).
///
/// The requirement uses plain `throws`, like the other ``BodySerializer`` requirements: a format may throw errors of
/// its own, which ``RequestSerializer`` keeps as the ``SerializationError/underlyingError`` of a
/// ``SerializationError/Code/serializerFailed`` error.
public protocol TypedBodySerializer<Value>: BodySerializer {
    /// The type of the values this format writes, such as `any SwiftProtobuf.Message`.
    associatedtype Value

    /// Serializes a value.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: The query style, space encoding and parameter encoder of the request.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: When the value cannot be written; Wireform's formats throw ``SerializationError``.
    func serialize(value: Value, context: BodySerializationContext) throws -> SerializedBody
}

extension TypedBodySerializer {
    /// Serializes a value with the default context (``QueryStyle/brackets``, `%20` for spaces).
    /// - Parameter value: The value.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: What ``serialize(value:context:)`` throws.
    package func serialize(value: Value) throws -> SerializedBody {
        try serialize(value: value, context: BodySerializationContext())
    }
}
