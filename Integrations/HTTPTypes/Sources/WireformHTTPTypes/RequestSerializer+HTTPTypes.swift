public import HTTPTypes
public import Wireform

extension RequestSerializer {
    /// Builds a request from a swift-http-types `HTTPRequest` and parameters: in the URL's query for the methods in
    /// ``Wireform/RequestSerializer/methodsEncodingParametersInURL``, in a body for the others.
    ///
    /// The request's scheme, authority and path become the URL text exactly as written, checked by Wireform (no
    /// URL is parsed); its header fields are the request's own headers and win over the defaults.
    ///
    /// ```swift
    /// let request = HTTPRequest(method: .post, scheme: "https", authority: "example.com", path: "/users")
    /// let serialized = try RequestSerializer().serializedRequest(request, parameters: ["name": "Zoë"])
    /// ```
    /// - Parameters:
    ///   - request: The method, URL parts and headers.
    ///   - parameters: The parameters, or `nil` for none.
    /// - Returns: The request.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL`` when the request has no scheme or authority, a path
    ///   that does not start with `/`, or parts that do not make an absolute `http` or `https` URL as they are; the
    ///   errors of
    ///   ``Wireform/RequestSerializer/serializedRequest(method:url:headers:query:parameters:format:placement:)``.
    public func serializedRequest(
        _ request: HTTPRequest,
        parameters: ParameterValue?
    ) throws(SerializationError) -> SerializedRequest {
        let (method, url, headers) = try Self.parts(of: request)
        return try serializedRequest(method: method, url: url, headers: headers, parameters: parameters)
    }

    /// Builds a request from a swift-http-types `HTTPRequest` around a body you made yourself, such as a multipart
    /// form, with the same default headers, `Content-Type` and `Content-Length` as every other request.
    ///
    /// ```swift
    /// let request = HTTPRequest(method: .put, scheme: "https", authority: "example.com", path: "/upload")
    /// let serialized = try RequestSerializer().serializedRequest(request, body: form.serializedBody)
    /// ```
    /// - Parameters:
    ///   - request: The method, URL parts and headers.
    ///   - query: Parameters for the URL's query, or `nil` for none.
    ///   - body: The body and its `Content-Type`.
    /// - Returns: The request.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL`` when the request has no scheme or authority, a path
    ///   that does not start with `/`, or parts that do not make an absolute `http` or `https` URL as they are; the
    ///   errors of
    ///   ``Wireform/RequestSerializer/serializedRequest(method:url:headers:query:body:)``.
    public func serializedRequest(
        _ request: HTTPRequest,
        query: ParameterValue? = nil,
        body: SerializedBody
    ) throws(SerializationError) -> SerializedRequest {
        let (method, url, headers) = try Self.parts(of: request)
        return try serializedRequest(method: method, url: url, headers: headers, query: query, body: body)
    }

    private static func parts(
        of request: HTTPRequest
    ) throws(SerializationError) -> (Wireform.RequestMethod, String, HeaderFields) {
        guard let method = Wireform.RequestMethod(request.method.rawValue) else {
            throw SerializationError(
                .invalidMethod,
                "Invalid HTTP method \(SerializationError.quoted(request.method.rawValue)): a method must be a "
                    + "non-empty RFC 9110 token"
            )
        }
        guard let scheme = request.scheme, let authority = request.authority else {
            throw SerializationError(
                .invalidURL,
                "The request to \(SerializationError.quoted(request.path ?? "")) has no scheme and authority, so it "
                    + "has no URL"
            )
        }
        let path = request.path ?? "/"
        if let first = path.utf8.first, first != UInt8(ascii: "/") && first != UInt8(ascii: "?") {
            throw SerializationError(
                .invalidURL,
                "The request's path \(SerializationError.quoted(path)) does not start with '/', so it is not part of "
                    + "a URL"
            )
        }
        let headers = try HeaderFields(validating: request.headerFields.map { ($0.name.rawName, $0.value) })
        return (method, scheme + "://" + authority + path, headers)
    }
}
