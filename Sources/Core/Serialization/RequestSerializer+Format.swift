#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension RequestSerializer {
    /// Builds a request whose body is written by a format you choose for this request, whatever the registry and
    /// ``bodyMediaType`` say:
    ///
    /// ```swift
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: "https://example.com/api", parameters: ["ids": [1, 2]], format: .json)
    /// ```
    ///
    /// Method routing is the usual one (`GET` puts the parameters in the query), except for a multipart format,
    /// which was asked for explicitly and always writes a body: `DELETE` and custom methods carry it, `GET` and
    /// `HEAD` are an error. A caller's `Content-Type` is still sent as given (a multipart body replaces it only to
    /// add its boundary).
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    ///   - format: The format for the body, such as `.json` from `WireformJSONBody`.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` as ``serializedRequest(method:url:headers:parameters:)-(_,URL,_,_)`` does,
    ///   and ``SerializationError/Code/unsupportedBody`` for a multipart format with `GET` or `HEAD`.
    public func serializedRequest<Format: BodySerializer>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue?,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try build(
            method: method, url: url, headers: headers, payload: parameters.map(Payload.parameters), format: format)
    }

    /// Builds a request whose body is written by a format you choose, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    ///   - format: The format for the body.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors
    ///   of ``serializedRequest(method:url:headers:parameters:format:)-(_,URL,_,_,_)``.
    public func serializedRequest<Format: BodySerializer>(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue?,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try serializedRequest(
            method: method, url: Self.parseURL(url), headers: headers, parameters: parameters, format: format)
    }

    /// Builds a request from an `Encodable` value whose body is written by a format you choose; formats that encode
    /// `Encodable` values themselves (JSON, property lists) are given the value whole.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers.
    ///   - value: The value.
    ///   - format: The format for the body.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the value cannot be encoded or serialized.
    public func serializedRequest<Value: Encodable, Format: BodySerializer>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        encoding value: Value,
        format: Format
    ) throws(SerializationError) -> SerializedRequest {
        try build(method: method, url: url, headers: headers, payload: .encodable(value), format: format)
    }
}
