public import Foundation

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

extension RequestSerializer {
    /// Builds a request from parameters: in the URL's query for the methods in
    /// ``methodsEncodingParametersInURL``, in a body for the others.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the parameters cannot be serialized, the request's `Content-Type` is
    ///   invalid or has no registered format, or the URL cannot take the query; a format's own error is kept as
    ///   the ``SerializationError/underlyingError`` of a ``SerializationError/Code/serializerFailed`` error.
    public func serializedRequest(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws(SerializationError) -> SerializedRequest {
        try build(method: method, url: url, headers: headers, payload: parameters.map(Payload.parameters))
    }

    /// Builds a request from parameters, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors
    ///   of ``serializedRequest(method:url:headers:parameters:)-(_,URL,_,_)``.
    public func serializedRequest(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws(SerializationError) -> SerializedRequest {
        try serializedRequest(method: method, url: Self.parseURL(url), headers: headers, parameters: parameters)
    }

    /// Builds a request from an `Encodable` value: its fields become the query or the body.
    ///
    /// For the query and for formats that take parameters, the value goes through ``parameterEncoder``; formats
    /// that encode `Encodable` values themselves (JSON, property lists) are given it whole.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers.
    ///   - value: The value.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` when the value cannot be encoded or serialized.
    public func serializedRequest<Value: Encodable>(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        encoding value: Value
    ) throws(SerializationError) -> SerializedRequest {
        try build(method: method, url: url, headers: headers, payload: .encodable(value))
    }

    /// Builds a `URLRequest` from parameters.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError`` as ``serializedRequest(method:url:headers:parameters:)-(_,URL,_,_)`` does.
    public func urlRequest(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws(SerializationError) -> URLRequest {
        try serializedRequest(method: method, url: url, headers: headers, parameters: parameters).urlRequest()
    }

    /// Builds a `URLRequest` from parameters, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the
    ///   serialization errors.
    public func urlRequest(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        parameters: ParameterValue? = nil
    ) throws(SerializationError) -> URLRequest {
        try serializedRequest(method: method, url: url, headers: headers, parameters: parameters).urlRequest()
    }
}
