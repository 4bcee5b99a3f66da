public import Wireform

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Serializes parameters, or an `Encodable` value, as an `application/json` body.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.json)
/// // or configured:
/// registry.register(JSONBodySerializer(options: [.sortedKeys, .prettyPrinted]))
/// ```
///
/// Parameter trees are written straight to UTF-8 bytes, without `JSONSerialization`:
/// - objects with their keys sorted by UTF-8 bytes (``JSONWritingOptions/sortedKeys``, on by default), or in
///   insertion order without it;
/// - strings escaped as RFC 8259 requires, `/` left as-is unless ``JSONWritingOptions/escapingSlashes`` is set;
/// - numbers with ``Wireform/ParameterNumber/description``, so `1.0` is `1`, `0.1` is `0.1`, and decimals and
///   integers of any width keep every digit; booleans as `true` and `false`, never numbers;
/// - dates as ISO 8601 strings in UTC, data as Base64 strings, sets as arrays of their distinct members in sorted
///   order. For dates as numbers, encode `Encodable` input with a ``Wireform/ParameterValueEncoder`` date strategy.
///
/// Non-finite numbers, dates outside the years 1 to 9999, nesting deeper than 128 levels, and a top-level scalar
/// without ``JSONWritingOptions/fragmentsAllowed`` are thrown as ``Wireform/SerializationError`` naming the key path. The `Content-Type` is `application/json` with no `charset`
/// (JSON is always UTF-8, RFC 8259 section 8.1) unless you set `charset`.
///
/// Registering it also serves structured-suffix types: the registry finds it for `application/vnd.api+json`,
/// `application/merge-patch+json` and `application/problem+json`, and a caller's `Content-Type` is kept.
///
/// https://www.rfc-editor.org/rfc/rfc8259
public struct JSONBodySerializer: BodySerializer {
    /// How the text is written: key order, pretty printing, slash escaping and top-level scalars.
    package var options: JSONWritingOptions
    /// How dates in a parameter tree are written: ISO 8601 strings (for dates as numbers, encode `Encodable` input
    /// with a ``Wireform/ParameterValueEncoder`` date strategy).
    package var dateEncoding: JSONDateEncoding = .iso8601
    /// How data in a parameter tree is written: Base64 strings.
    package var dataEncoding: JSONDataEncoding = .base64
    /// The encoder for `Encodable` values, used exactly as configured; `nil` for one made from `options` that
    /// writes dates as ISO 8601 strings and data as Base64.
    package var encoder: JSONEncoder?
    /// A `charset` parameter for the `Content-Type`, or `nil` for none (the default).
    package var charset: String?

    /// Creates a serializer.
    /// - Parameters:
    ///   - options: How the text is written.
    ///   - encoder: The encoder for `Encodable` values, or `nil` for one that follows `options`.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    public init(
        options: JSONWritingOptions = .sortedKeys,
        encoder: JSONEncoder? = nil,
        charset: String? = nil
    ) {
        self.options = options
        self.encoder = encoder
        self.charset = charset
    }

    /// `application/json`.
    public var mediaType: ContentType { .json }

    /// Serializes a parameter tree.
    /// - Parameters:
    ///   - parameters: An object or an array (any value with ``JSONWritingOptions/fragmentsAllowed``).
    ///   - context: The request's serialization settings (JSON does not use them).
    /// - Returns: The JSON body.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        SerializedBody(contentType: try contentType, bytes: try jsonBytes(for: parameters))
    }

    /// Serializes an `Encodable` value with `encoder`, or, when there is none, with the context's
    /// ``Wireform/BodySerializationContext/parameterEncoder`` into the same writer a parameter tree goes to.
    ///
    /// Without an `encoder`, the value is written straight to bytes by Wireform's one `Encodable` engine, with no
    /// intermediate tree, the same on every platform and the same bytes as the value's tree
    /// (`context.parameterEncoder.encode(value)`) gives: keys sorted by their UTF-8 bytes with
    /// ``JSONWritingOptions/sortedKeys`` (swift-foundation's order; older Apple `JSONEncoder`s sort the `NSString`
    /// way), in the order they were encoded without it; a Swift `Set` as its distinct members in canonical order.
    /// The parameter encoder's key, date, data and nil strategies apply, as they do for every format; its
    /// `deferredToFormat` dates and data follow this serializer's settings. For `JSONEncoder`'s bytes, set
    /// ``JSONWritingOptions/jsonEncoderCompatible``. Errors carry `JSONEncoder`'s messages. A given `encoder` is
    /// used exactly as configured, in place of the parameter encoder.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: The request's serialization settings: its parameter encoder.
    /// - Returns: The JSON body.
    /// - Throws: ``Wireform/SerializationError/Code/serializerFailed`` naming the coding path when the value cannot
    ///   be written (a non-finite number, a rejected date, …), and
    ///   ``Wireform/SerializationError/Code/unsupportedValue`` for a top-level scalar without
    ///   ``JSONWritingOptions/fragmentsAllowed``.
    public func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        let bytes: [UInt8]
        do {
            if let encoder {
                bytes = [UInt8](try encoder.encode(value))
            } else {
                bytes = try jsonBytes(encoding: value, parameterEncoder: context.parameterEncoder)
            }
        } catch let error as SerializationError where error.underlyingError == nil {
            throw error
        } catch let error as SerializationError {
            throw EncodingFailure.serializationError(for: error.underlyingError ?? error, format: "JSON")
        } catch {
            throw EncodingFailure.serializationError(for: error, format: "JSON")
        }
        if !options.contains(.fragmentsAllowed) {
            let first = bytes.first { !Self.isWhitespace($0) }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                throw SerializationError(
                    .unsupportedValue,
                    "A JSON body must be an object or an array, not a value of type '\(Value.self)'; "
                        + "use the 'fragmentsAllowed' option to write a top-level scalar"
                )
            }
        }
        return SerializedBody(contentType: try contentType, bytes: bytes)
    }

    /// The JSON bytes of an `Encodable` value, written by the engine into the JSON writer in its
    /// ``JSONEncodingSink/Flavor/jsonEncoder`` flavor (`JSONEncoder`'s errors; the bytes are the options' alone).
    /// - Parameters:
    ///   - value: The value.
    ///   - parameterEncoder: The key, date, data and nil strategies the value is encoded with.
    func jsonBytes<Value: Encodable>(
        encoding value: Value,
        parameterEncoder: ParameterValueEncoder = ParameterValueEncoder()
    ) throws -> [UInt8] {
        let json = JSONEncodingSink.Box(makeWriter(.jsonEncoder))
        try ValueEncoder(sink: json, options: parameterEncoder, maximumDepth: Self.maximumEncodableDepth)
            .encode(value)
        try json.finish()
        // The flavor records no problem of its own: the engine limits the depth and the caller checks the top.
        return json.sink.bytes
    }

    /// The JSON writer configured from this serializer's settings.
    /// - Parameter flavor: How failures are reported and how deep a value may nest: the source's.
    /// - Returns: A writer with nothing written.
    func makeWriter(_ flavor: JSONEncodingSink.Flavor) -> JSONEncodingSink {
        JSONEncodingSink(options: options, dateEncoding: dateEncoding, dataEncoding: dataEncoding, flavor: flavor)
    }

    /// The deepest nesting an `Encodable` value may have (JSON texts are read recursively by most parsers).
    static let maximumEncodableDepth = 512

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }

    /// `application/json`, with the `charset` parameter when one is set.
    var contentType: ContentType {
        get throws(SerializationError) {
            guard let charset else { return .json }
            return try ContentType.json.settingParameter("charset", to: charset)
        }
    }
}
