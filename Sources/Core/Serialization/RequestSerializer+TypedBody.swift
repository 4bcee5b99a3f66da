#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension RequestSerializer {
    /// Builds a request whose body is a value written by a format you choose, such as a protobuf message:
    ///
    /// ```swift
    /// import WireformProtobuf
    ///
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: "https://example.com/events", query: ["v": 2], body: event, format: .protobuf)
    /// ```
    ///
    /// The method, URL, query, default headers, `Content-Type` and `Content-Length` come from this serializer as
    /// for every other request; the body is ``TypedBodySerializer/serialize(value:context:)``'s. The body is sent
    /// whatever ``methodsEncodingParametersInURL`` says (a `DELETE` or a custom method carries it); `query`
    /// parameters, when given, go in the URL with ``queryStyle``. The caller's `Content-Type` is kept (send
    /// `application/x-protobuf` to a server that wants it), otherwise the format's is sent.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/unsupportedBody`` for `GET` and `HEAD`; the query's errors; the format's
    ///   ``SerializationError``, or its own error as the ``SerializationError/underlyingError`` of a
    ///   ``SerializationError/Code/serializerFailed`` error.
    public func serializedRequest<Format: TypedBodySerializer>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body value: Format.Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try typedBodyRequest(method: method, url: url, headers: headers, query: query, body: value, format: format)
    }

    /// Builds a request whose body is a value written by a format you choose, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors of
    ///   ``serializedRequest(method:url:headers:query:body:format:)-(_,URL,_,_,_,_)``.
    public func serializedRequest<Format: TypedBodySerializer>(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body value: Format.Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try typedBodyRequest(
            method: method, url: Self.parseURL(url), headers: headers, query: query, body: value, format: format)
    }

    /// Builds a request whose body is an `Encodable` value written by a format you choose, such as JSON or a
    /// property list:
    ///
    /// ```swift
    /// import WireformJSONBody
    ///
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: "https://example.com/events", query: ["v": 2], body: event, format: .json)
    /// ```
    ///
    /// It reads, and behaves, like the call for a ``TypedBodySerializer``'s values: the value always goes in the
    /// body (given whole to ``BodySerializer/serialize(encodable:context:)``, so JSON and property lists use their
    /// own encoders), `query` parameters go in the URL, and everything else comes from this serializer. Use
    /// ``serializedRequest(method:url:headers:encoding:format:)`` instead when the method should decide whether the
    /// value's fields go in the query or the body.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/unsupportedBody`` for `GET` and `HEAD`; the query's errors; the format's
    ///   ``SerializationError``, or its own error as the ``SerializationError/underlyingError`` of a
    ///   ``SerializationError/Code/serializerFailed`` error.
    public func serializedRequest<Value: Encodable, Format: BodySerializer>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body value: Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try Self.checkCarriesBody(method)
        let context = self.context
        let body = try Self.callingFormat("The serializer for '\(format.mediaType)' failed") {
            try format.serialize(encodable: value, context: context)
        }
        return try serializedRequest(method: method, url: url, headers: headers, query: query, body: body)
    }

    /// Builds a request whose body is an `Encodable` value written by a format you choose, with the URL given as a
    /// string.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors of
    ///   ``serializedRequest(method:url:headers:query:body:format:)-(_,URL,_,_,Value,_)``.
    public func serializedRequest<Value: Encodable, Format: BodySerializer>(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body value: Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try serializedRequest(
            method: method, url: Self.parseURL(url), headers: headers, query: query, body: value, format: format)
    }

    /// Builds a request whose body is a value written by a format you choose, for a format whose values are also
    /// `Encodable`: the format's own ``TypedBodySerializer/serialize(value:context:)`` writes it.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: The errors of ``serializedRequest(method:url:headers:query:body:format:)-(_,URL,_,_,_,_)``.
    public func serializedRequest<Format: TypedBodySerializer>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body value: Format.Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest where Format.Value: Encodable {
        try typedBodyRequest(method: method, url: url, headers: headers, query: query, body: value, format: format)
    }

    /// Builds a request whose body is a value written by a format you choose, for a format whose values are also
    /// `Encodable`, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - value: The value for the body.
    ///   - format: The format that writes it.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors of
    ///   ``serializedRequest(method:url:headers:query:body:format:)-(_,URL,_,_,_,_)``.
    public func serializedRequest<Format: TypedBodySerializer>(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body value: Format.Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest where Format.Value: Encodable {
        try typedBodyRequest(
            method: method, url: Self.parseURL(url), headers: headers, query: query, body: value, format: format)
    }

    /// The one path of every typed-value request: the format's body, then the tail every own body goes through.
    private func typedBodyRequest<Format: TypedBodySerializer>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders,
        query: ParameterValue?,
        body value: Format.Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try Self.checkCarriesBody(method)
        let context = self.context
        let body = try Self.callingFormat("The serializer for '\(format.mediaType)' failed") {
            try format.serialize(value: value, context: context)
        }
        return try serializedRequest(method: method, url: url, headers: headers, query: query, body: body)
    }
}
