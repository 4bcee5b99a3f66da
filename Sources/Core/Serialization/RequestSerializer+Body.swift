#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension RequestSerializer {
    /// Builds a request around a body you made yourself, such as a multipart form with files or a message of a
    /// format that takes typed values, with the same default headers, `Content-Type` and `Content-Length` as every
    /// other request.
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// try form.append(fileAt: photoURL, name: "photo")
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: uploadURL, query: ["album": 7], body: form.serializedBody)
    /// ```
    ///
    /// The body is sent whatever ``methodsEncodingParametersInURL`` says (a `DELETE` or a custom method carries
    /// it); `query` parameters, when given, go in the URL with ``queryStyle``. The caller's `Content-Type` is kept
    /// unless the body needs a parameter the caller could not know (a multipart `boundary`).
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: The URL; an existing query and fragment are kept.
    ///   - headers: The request's own headers; they win over the defaults.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - body: The body and its `Content-Type`.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/unsupportedBody`` for `GET` and `HEAD`; the query's errors; an invalid
    ///   `Content-Type`.
    public func serializedRequest(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body: SerializedBody
    ) throws(SerializationError) -> SerializedRequest {
        try Self.checkCarriesBody(method)
        var request = try makeRequest(method: method, url: url, headers: headers)
        if let query {
            request.url = try Self.appendingQuery(try queryString(for: query), to: url)
        }
        try attach(body, to: &request)
        return request
    }

    /// Builds a request around a body you made yourself, with the URL given as a string.
    /// - Parameters:
    ///   - method: The method; `GET` and `HEAD` cannot carry a body.
    ///   - url: An absolute URL string.
    ///   - headers: The request's own headers.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - body: The body and its `Content-Type`.
    /// - Returns: The request.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL, and the errors
    ///   of ``serializedRequest(method:url:headers:query:body:)-(_,URL,_,_,_)``.
    public func serializedRequest(
        method: HTTPMethod,
        url: String,
        headers: HTTPHeaders = HTTPHeaders(),
        query: ParameterValue? = nil,
        body: SerializedBody
    ) throws(SerializationError) -> SerializedRequest {
        try serializedRequest(method: method, url: Self.parseURL(url), headers: headers, query: query, body: body)
    }
}
