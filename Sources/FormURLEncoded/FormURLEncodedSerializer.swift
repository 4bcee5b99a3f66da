public import Wireform

/// Serializes parameters as an `application/x-www-form-urlencoded` body with a `QueryStyle`.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.formURLEncoded)
/// // or with a charset label, or a style of its own instead of the request's:
/// registry.register(.formURLEncoded(queryStyle: .indexed, spaceEncoding: .plus, charset: "utf-8"))
/// ```
///
/// The body is the same text a query string would be (`name=bang&tags%5B%5D=a`), written by the same writer, with
/// the request's query style and space encoding (``Wireform/BodySerializationContext``) unless this serializer
/// was given its own. A ``Wireform/RequestSerializer`` builds form bodies with no set-up; register this serializer
/// for a `charset` label or a form-specific style. The `Content-Type` has no `charset` parameter unless you ask
/// for one. A request with no parameters gets an empty form body with the
/// `Content-Type` (as AFNetworking did).
///
/// https://url.spec.whatwg.org/#application/x-www-form-urlencoded
public struct FormURLEncodedSerializer: BodySerializer {
    /// How parameters become `name=value` pairs, or `nil` (the default) for the request's style.
    package var queryStyle: (any QueryStyle)?
    /// How spaces are written, or `nil` (the default) for the request's space encoding.
    package var spaceEncoding: PercentEncoding.SpaceEncoding?
    /// A `charset` parameter for the `Content-Type`, such as `utf-8`, or `nil` for none (the default).
    ///
    /// Only the label changes: the escaped bytes are always UTF-8, so `utf-8` is the value that describes the body
    /// truthfully. A value that is not a token (`"utf 8"`, an empty string) makes serializing throw
    /// `SerializationError` with code `invalidHeader`.
    package var charset: String?

    /// Creates a serializer.
    /// - Parameters:
    ///   - queryStyle: How parameters become pairs, or `nil` for the request's style.
    ///   - spaceEncoding: How spaces are written, or `nil` for the request's space encoding.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    public init(
        queryStyle: (any QueryStyle)? = nil,
        spaceEncoding: PercentEncoding.SpaceEncoding? = nil,
        charset: String? = nil
    ) {
        self.queryStyle = queryStyle
        self.spaceEncoding = spaceEncoding
        self.charset = charset
    }

    /// `application/x-www-form-urlencoded`.
    public var mediaType: ContentType { .formURLEncoded }

    /// Serializes a dictionary of parameters.
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - context: The request's query style and space encoding, used where this serializer has none of its own.
    /// - Returns: The form body.
    /// - Throws: `SerializationError` when the top level is not a dictionary, a value cannot be written,
    ///   or `charset` is not a valid parameter value.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        var bytes: [UInt8] = []
        try (queryStyle ?? context.queryStyle).appendQuery(
            for: parameters,
            to: &bytes,
            spaceEncoding: spaceEncoding ?? context.spaceEncoding
        )
        return SerializedBody(contentType: try contentType, bytes: bytes)
    }

    /// Serializes an `Encodable` value: with the default bracket style and encoder strategies it is written
    /// straight to the form body, without a parameter tree; otherwise it goes through the context's
    /// ``Wireform/BodySerializationContext/parameterEncoder``. The bytes are the same either way.
    /// - Parameters:
    ///   - value: A value that encodes a dictionary.
    ///   - context: The request's query style, space encoding and parameter encoder.
    /// - Returns: The form body.
    /// - Throws: `SerializationError` as ``serialize(_:context:)`` does, and the encoder's errors.
    public func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        var bytes: [UInt8] = []
        try (queryStyle ?? context.queryStyle).appendQuery(
            encoding: value,
            to: &bytes,
            parameterEncoder: context.parameterEncoder,
            spaceEncoding: spaceEncoding ?? context.spaceEncoding
        )
        return SerializedBody(contentType: try contentType, bytes: bytes)
    }

    /// An empty form body with its `Content-Type`.
    ///
    /// - Throws: `SerializationError` with code `invalidHeader` when `charset` is not a valid charset name.
    public var bodyWithoutParameters: SerializedBody? {
        get throws(SerializationError) { SerializedBody(contentType: try contentType, bytes: []) }
    }

    /// `application/x-www-form-urlencoded`, with the `charset` parameter when there is one.
    var contentType: ContentType {
        get throws(SerializationError) {
            guard let charset else { return .formURLEncoded }
            // Charset names are tokens (RFC 9110 § 8.3.2; IANA's registry holds no other kind).
            guard ContentType.isToken(charset) else {
                throw SerializationError(
                    .invalidHeader,
                    "Invalid charset \(SerializationError.quoted(charset)) for '\(ContentType.formURLEncoded)': "
                        + "a charset name is a token such as 'utf-8'"
                )
            }
            return try ContentType.formURLEncoded.settingParameter("charset", to: charset)
        }
    }
}

extension BodySerializer where Self == FormURLEncodedSerializer {
    /// The form format with the request's query style and space encoding.
    public static var formURLEncoded: Self { FormURLEncodedSerializer() }

    /// The form format, configured.
    /// - Parameters:
    ///   - queryStyle: How parameters become pairs, or `nil` for the request's style.
    ///   - spaceEncoding: How spaces are written, or `nil` for the request's space encoding.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    /// - Returns: The serializer.
    public static func formURLEncoded(
        queryStyle: (any QueryStyle)? = nil,
        spaceEncoding: PercentEncoding.SpaceEncoding? = nil,
        charset: String? = nil
    ) -> Self {
        FormURLEncodedSerializer(queryStyle: queryStyle, spaceEncoding: spaceEncoding, charset: charset)
    }
}
