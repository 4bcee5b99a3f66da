public import Foundation
public import Wireform

/// Serializes parameters, or an `Encodable` value, as an `application/json` body.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.json)
/// // or configured:
/// registry.register(.json(options: [.sortedKeys, .prettyPrinted], dateEncoding: .millisecondsSince1970))
/// ```
///
/// Parameter trees are written straight to UTF-8 bytes, without `JSONSerialization`:
/// - objects with their keys sorted by UTF-8 bytes (``JSONWritingOptions/sortedKeys``, on by default), or in
///   insertion order without it;
/// - strings escaped as RFC 8259 requires, `/` left as-is unless ``JSONWritingOptions/escapingSlashes`` is set;
/// - numbers with ``Wireform/ParameterNumber/text``, so `1.0` is `1`, `0.1` is `0.1`, and decimals and integers
///   of any width keep every digit; booleans as `true` and `false`, never numbers;
/// - dates as ``dateEncoding`` says (ISO 8601 strings by default), data as ``dataEncoding`` says (Base64 by
///   default), sets as arrays of their distinct members in sorted order.
///
/// Non-finite numbers, dates the date encoding cannot hold, rejected dates and data, nesting deeper than ``Wireform/ParameterValue/maximumDepth``, and
/// a top-level scalar without ``JSONWritingOptions/fragmentsAllowed`` are thrown as
/// ``Wireform/SerializationError`` naming the key path. The `Content-Type` is `application/json` with no `charset`
/// (JSON is always UTF-8, RFC 8259 section 8.1) unless you set ``charset``.
///
/// Registering it also serves structured-suffix types: the registry finds it for `application/vnd.api+json`,
/// `application/merge-patch+json` and `application/problem+json`, and a caller's `Content-Type` is kept.
///
/// https://www.rfc-editor.org/rfc/rfc8259
public struct JSONBodySerializer: BodySerializer {
    /// How the text is written: key order, pretty printing, slash escaping and top-level scalars.
    public var options: JSONWritingOptions
    /// How dates in a parameter tree are written; ISO 8601 strings by default.
    public var dateEncoding: JSONDateEncoding
    /// How data in a parameter tree is written; Base64 strings by default.
    public var dataEncoding: JSONDataEncoding
    /// The encoder for `Encodable` values, used exactly as configured; `nil` for one made from ``options``,
    /// ``dateEncoding`` and ``dataEncoding``.
    public var encoder: JSONEncoder?
    /// A `charset` parameter for the `Content-Type`, or `nil` for none (the default).
    public var charset: String?

    /// Creates a serializer.
    /// - Parameters:
    ///   - options: How the text is written.
    ///   - dateEncoding: How dates are written.
    ///   - dataEncoding: How data is written.
    ///   - encoder: The encoder for `Encodable` values, or `nil` for one that follows the other settings.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    public init(
        options: JSONWritingOptions = .default,
        dateEncoding: JSONDateEncoding = .iso8601,
        dataEncoding: JSONDataEncoding = .base64,
        encoder: JSONEncoder? = nil,
        charset: String? = nil
    ) {
        self.options = options
        self.dateEncoding = dateEncoding
        self.dataEncoding = dataEncoding
        self.encoder = encoder
        self.charset = charset
    }

    /// `application/json`.
    public var mediaType: MediaType { .json }

    /// Serializes a parameter tree.
    /// - Parameter parameters: An object or an array (any value with ``JSONWritingOptions/fragmentsAllowed``).
    /// - Returns: The JSON body.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        SerializedBody(contentType: try contentType, bytes: try jsonBytes(for: parameters))
    }

    /// The JSON text for a parameter tree, as UTF-8 bytes.
    /// - Parameter parameters: An object or an array (any value with ``JSONWritingOptions/fragmentsAllowed``).
    /// - Returns: The JSON text.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    public func jsonBytes(for parameters: ParameterValue) throws(SerializationError) -> [UInt8] {
        var writer = JSONWriter(options: options, dateEncoding: dateEncoding, dataEncoding: dataEncoding)
        try writer.writeBody(parameters)
        return writer.bytes
    }

    /// Serializes an `Encodable` value with ``encoder``, or with the same bytes a `JSONEncoder` configured from
    /// ``options``, ``dateEncoding`` and ``dataEncoding`` writes when there is none.
    ///
    /// Without an ``encoder``, compact sorted output is written straight to bytes with no intermediate tree, byte for
    /// byte what that `JSONEncoder` writes; values the direct writer does not reproduce exactly (nested containers
    /// requested by key, `superEncoder()`, repeated keys) and every error go through `JSONEncoder` itself, so such a
    /// value's `encode(to:)` may run twice. Pretty printing, insertion order and Apple platforms always use
    /// `JSONEncoder`.
    /// - Parameter value: The value.
    /// - Returns: The JSON body.
    /// - Throws: ``Wireform/SerializationError/Code/encodingFailed`` naming the coding path when the encoder
    ///   fails (a non-finite number, a rejected date, …), and ``Wireform/SerializationError/Code/invalidTopLevelValue``
    ///   for a top-level scalar without ``JSONWritingOptions/fragmentsAllowed``.
    public func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        let bytes: [UInt8]
        if let direct = directBytes(for: value) {
            bytes = direct
        } else {
            do {
                bytes = [UInt8](try (encoder ?? makeEncoder()).encode(value))
            } catch {
                throw EncodingFailure.serializationError(for: error, format: "JSON")
            }
        }
        if !options.contains(.fragmentsAllowed) {
            let first = bytes.first { !Self.isWhitespace($0) }
            guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
                throw SerializationError(
                    .invalidTopLevelValue,
                    "A JSON body must be an object or an array, not a value of type '\(Value.self)'; "
                        + "use the 'fragmentsAllowed' option to write a top-level scalar"
                )
            }
        }
        return SerializedBody(contentType: try contentType, bytes: bytes)
    }

    /// The bytes of the `JSONEncoder` that ``makeEncoder()`` configures, written directly by ``JSONByteEncoder``, or
    /// `nil` when that encoder must run: a caller's own ``encoder``, pretty printing, insertion order (whose
    /// `JSONEncoder` order is not defined), Apple platforms (whose `JSONEncoder` may sort keys the older
    /// `NSString` way), and anything the direct encoder does not reproduce byte for byte, errors included.
    private func directBytes<Value: Encodable>(for value: Value) -> [UInt8]? {
        #if canImport(Darwin)
            return nil
        #else
            guard encoder == nil, options.contains(.sortedKeys), !options.contains(.prettyPrinted) else { return nil }
            let direct = JSONByteEncoder(
                escapesSlashes: options.contains(.escapingSlashes), dateEncoding: dateEncoding,
                dataEncoding: dataEncoding)
            return try? direct.encodeTopLevel(value)
        #endif
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }

    private var contentType: MediaType {
        get throws(SerializationError) {
            guard let charset else { return .json }
            return try MediaType.json.settingParameter("charset", to: charset)
        }
    }
}
