public import SwiftProtobuf
public import Wireform

/// Writes protobuf messages, and parameter trees as a `google.protobuf.Struct`, in the protobuf JSON mapping under
/// `application/protobuf+json; charset=utf-8`.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.json)
/// registry.register(.protobufJSON)  // wins over the `+json` fallback to the JSON serializer
/// ```
///
/// `application/protobuf+json` has the structured syntax suffix `+json`, so a registry that has only the JSON
/// serializer finds that one for it and writes plain JSON. Registering this serializer registers the exact type,
/// which the registry always prefers to the suffix.
///
/// Messages are written with the mapping's defaults (lowerCamelCase field names, enums by name, 64-bit integers as
/// strings) unless ``options`` say otherwise, and with every JSON object's members sorted by the bytes of their
/// keys, so that the same message gives the same bytes on every run: swift-protobuf 1.39 writes a
/// `google.protobuf.Struct`'s fields in `Dictionary` order, which changes from process to process, even with
/// deterministic ordering on. JSON object members have no order, so any JSON mapping parser reads the same message.
/// Numbers in a `Struct` are doubles and are written as such (`1.0`).
///
/// A parameter tree becomes a `google.protobuf.Struct`, which the mapping writes as a plain JSON object, as
/// ``SwiftProtobuf/Google_Protobuf_Struct/init(parameters:dateEncoding:)`` describes. Errors of swift-protobuf's
/// own (an `Any` whose type is not known) reach callers of ``Wireform/RequestSerializer`` as the
/// ``Wireform/SerializationError/underlyingError`` of a ``Wireform/SerializationError/Code/serializerFailed`` error.
///
/// https://protobuf.dev/programming-guides/json/
public struct ProtobufJSONBodySerializer: TypedBodySerializer {
    /// How the JSON mapping is written.
    public var options: ProtobufJSONOptions
    /// How dates in a parameter tree are written; rejected by default.
    public var dateEncoding: ProtobufDateEncoding
    /// The `charset` parameter of the `Content-Type`, `utf-8` by default, or `nil` for none.
    public var charset: String?

    /// Creates a serializer.
    /// - Parameters:
    ///   - options: How the JSON mapping is written.
    ///   - dateEncoding: How dates in a parameter tree are written.
    ///   - charset: The `charset` parameter of the `Content-Type`, or `nil` for none.
    public init(
        options: ProtobufJSONOptions = [],
        dateEncoding: ProtobufDateEncoding = .rejected,
        charset: String? = "utf-8"
    ) {
        self.options = options
        self.dateEncoding = dateEncoding
        self.charset = charset
    }

    /// `application/protobuf+json`.
    public var mediaType: ContentType { .protobufJSON }

    /// The `Content-Type` sent: `application/protobuf+json; charset=utf-8` by default.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` for a ``charset`` that is not a valid
    ///   parameter value.
    public var contentType: ContentType {
        get throws(SerializationError) {
            guard let charset else { return mediaType }
            return try mediaType.settingParameter("charset", to: charset)
        }
    }

    /// Serializes a parameter tree as a `google.protobuf.Struct`, which the mapping writes as a JSON object.
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - context: Not used: protobuf names no fields the way a query does.
    /// - Returns: The JSON text.
    /// - Throws: ``Wireform/SerializationError`` for values a `Struct` cannot hold, naming the key path.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        try serialize(
            value: Google_Protobuf_Struct(parameters: parameters, dateEncoding: dateEncoding), context: context)
    }

    /// Serializes a message in the JSON mapping, with every object's members sorted by key.
    /// - Parameters:
    ///   - value: The message.
    ///   - context: Not used.
    /// - Returns: The JSON text.
    /// - Throws: swift-protobuf's `JSONEncodingError`, such as an `Any` holding a type that is not known;
    ///   ``Wireform/SerializationError/Code/invalidHeader`` for a bad ``charset``.
    public func serialize(value: any Message, context: BodySerializationContext) throws -> SerializedBody {
        let contentType = try self.contentType
        var encoding = JSONEncodingOptions()
        encoding.useDeterministicOrdering = true
        encoding.preserveProtoFieldNames = options.contains(.preservingProtoFieldNames)
        encoding.alwaysPrintEnumsAsInts = options.contains(.enumsAsIntegers)
        encoding.alwaysPrintInt64sAsNumbers = options.contains(.int64sAsNumbers)
        let bytes: [UInt8] = try value.jsonUTF8Bytes(options: encoding)
        let sorted = try JSONMemberSorting.sortingMembers(of: bytes)
        return SerializedBody(contentType: contentType, body: MessageBody(bytes: sorted))
    }
}
