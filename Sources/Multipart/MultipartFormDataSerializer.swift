public import Wireform

/// Serializes parameters as a `multipart/form-data` body: the format behind ``Wireform/ContentType/multipartFormData``.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.multipartFormData)
/// // or configured:
/// registry.register(MultipartFormDataSerializer(queryStyle: .indexed, boundary: try .constant("fixture")))
/// ```
///
/// Parameters become text parts named by the query style, and an `Encodable` value goes through the request's
/// ``Wireform/ParameterValueEncoder`` first. To add files and streams, build a ``MultipartForm`` and use its
/// ``MultipartForm/serializedBody``.
public struct MultipartFormDataSerializer: BodySerializer {
    /// How nested parameters are named, or `nil` (the default) for the request's query style.
    let queryStyle: (any QueryStyle)?
    /// The boundary of each body.
    let boundary: MultipartBoundary

    /// Creates a serializer.
    /// - Parameters:
    ///   - queryStyle: How nested parameters are named, or `nil` for the request's query style.
    ///   - boundary: The boundary of each body; ``MultipartBoundary/random`` (new for each body) by default.
    public init(queryStyle: (any QueryStyle)? = nil, boundary: MultipartBoundary = .random) {
        self.queryStyle = queryStyle
        self.boundary = boundary
    }

    /// `multipart/form-data`.
    public var mediaType: ContentType { .multipartFormData }

    /// Serializes a dictionary of parameters as text parts.
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - context: The request's query style, used when this serializer has none of its own.
    /// - Returns: The body in memory, with `multipart/form-data; boundary=…`.
    /// - Throws: ``Wireform/SerializationError`` when the query style cannot write the parameters.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        var form = MultipartForm(boundary: boundary)
        try form.append(parameters: parameters, queryStyle: queryStyle ?? context.queryStyle)
        return SerializedBody(contentType: form.contentType, bytes: try form.encodedBytes())
    }
}

extension BodySerializer where Self == MultipartFormDataSerializer {
    /// The `multipart/form-data` format with the request's query style and a random boundary.
    public static var multipartFormData: Self { MultipartFormDataSerializer() }

    /// The `multipart/form-data` format, configured.
    /// - Parameters:
    ///   - queryStyle: How nested parameters are named, or `nil` for the request's query style.
    ///   - boundary: The boundary of each body; ``WireformMultipart/MultipartBoundary/random`` (new for each body)
    ///     by default.
    /// - Returns: The serializer.
    package static func multipartFormData(
        queryStyle: (any QueryStyle)? = nil,
        boundary: MultipartBoundary = .random
    ) -> Self {
        MultipartFormDataSerializer(queryStyle: queryStyle, boundary: boundary)
    }
}
