public import Wireform

/// Serializes parameters as an `application/x-www-form-urlencoded` body with a `QueryStyle`.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.formURLEncoded)
/// // or configured:
/// registry.register(.formURLEncoded(queryStyle: .indexed, spaceEncoding: .plus))
/// ```
///
/// The body is the same text a query string would be (`name=bang&tags%5B%5D=a`); the `Content-Type` has no
/// `charset` parameter unless you ask for one. A request with no parameters gets an empty form body with the
/// `Content-Type` (as AFNetworking did).
///
/// https://url.spec.whatwg.org/#application/x-www-form-urlencoded
public struct FormURLEncodedSerializer: BodySerializer {
    /// How parameters become `name=value` pairs.
    public var queryStyle: any QueryStyle
    /// How spaces are written: `%20` (default) or `+`.
    public var spaceEncoding: PercentEncoding.SpaceEncoding
    /// A `charset` parameter for the `Content-Type`, such as `utf-8`, or `nil` for none (the default).
    ///
    /// Only the label changes: the escaped bytes are always UTF-8, so `utf-8` is the value that describes the body
    /// truthfully. A value that is not a token (`"utf 8"`, an empty string) makes serializing throw
    /// `SerializationError` with code `invalidMediaType`.
    public var charset: String?

    /// Creates a serializer.
    /// - Parameters:
    ///   - queryStyle: How parameters become pairs.
    ///   - spaceEncoding: How spaces are written.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    public init(
        queryStyle: any QueryStyle = .brackets,
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20,
        charset: String? = nil
    ) {
        self.queryStyle = queryStyle
        self.spaceEncoding = spaceEncoding
        self.charset = charset
    }

    /// `application/x-www-form-urlencoded`.
    public var mediaType: MediaType { .formURLEncoded }

    /// Serializes a dictionary of parameters.
    /// - Parameter parameters: A dictionary.
    /// - Returns: The form body.
    /// - Throws: `SerializationError` when the top level is not a dictionary, a value cannot be written,
    ///   or ``charset`` is not a valid parameter value.
    public func serialize(_ parameters: ParameterValue) throws -> SerializedBody {
        var bytes: [UInt8] = []
        try queryStyle.appendQuery(for: parameters, to: &bytes, spaceEncoding: spaceEncoding)
        return SerializedBody(contentType: try contentType, bytes: bytes)
    }

    /// An empty form body with its `Content-Type`.
    ///
    /// - Throws: `SerializationError` with code `invalidMediaType` when ``charset`` is not a valid charset name.
    public var bodyWithoutParameters: SerializedBody? {
        get throws(SerializationError) { SerializedBody(contentType: try contentType, bytes: []) }
    }

    private var contentType: MediaType {
        get throws(SerializationError) {
            guard let charset else { return .formURLEncoded }
            // Charset names are tokens (RFC 9110 § 8.3.2; IANA's registry holds no other kind).
            guard HTTPToken.isToken(charset) else {
                throw SerializationError(
                    .invalidMediaType,
                    "Invalid charset \(HTTPToken.quoted(charset)) for '\(MediaType.formURLEncoded)': "
                        + "a charset name is a token such as 'utf-8'"
                )
            }
            return try MediaType.formURLEncoded.settingParameter("charset", to: charset)
        }
    }
}

extension BodySerializer where Self == FormURLEncodedSerializer {
    /// The form format with the bracket style and `%20` for spaces.
    public static var formURLEncoded: Self { FormURLEncodedSerializer() }

    /// The form format, configured.
    /// - Parameters:
    ///   - queryStyle: How parameters become pairs.
    ///   - spaceEncoding: How spaces are written.
    ///   - charset: A `charset` parameter for the `Content-Type`, or `nil`.
    /// - Returns: The serializer.
    public static func formURLEncoded(
        queryStyle: any QueryStyle = .brackets,
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20,
        charset: String? = nil
    ) -> Self {
        FormURLEncodedSerializer(queryStyle: queryStyle, spaceEncoding: spaceEncoding, charset: charset)
    }
}
