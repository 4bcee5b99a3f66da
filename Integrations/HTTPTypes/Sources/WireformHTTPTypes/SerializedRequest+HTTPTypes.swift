public import HTTPTypes
public import Wireform

extension SerializedRequest {
    /// The request as a swift-http-types `HTTPRequest` and its body.
    ///
    /// The scheme, authority and path (with the query) are the request's ``Wireform/SerializedRequest/scheme``,
    /// ``Wireform/SerializedRequest/authority`` and ``Wireform/SerializedRequest/path``, cut from Wireform's URL
    /// text as it is, so Wireform's escaping reaches the request byte for byte and no URL is parsed; the fragment,
    /// which is never sent, is dropped. The headers keep their order; `content-type` and `content-length` are among
    /// them when Wireform knows them.
    ///
    /// ```swift
    /// let (request, body) = try serializer.serializedRequest(
    ///     method: .get, url: "https://example.com/search", parameters: ["q": "wire form"]
    /// ).httpRequest()
    /// // request.path == "/search?q=wire%20form"
    /// ```
    /// - Returns: The request and the body, `nil` when the request has none.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL`` for a URL with user information (use
    ///   `RequestSerializer.setBasicAuthorization(username:password:)`);
    ///   ``Wireform/SerializationError/Code/invalidHeader`` for a header value swift-http-types
    ///   refuses, instead of changing it.
    public func httpRequest() throws(SerializationError) -> (request: HTTPRequest, body: RequestBody?) {
        guard let method = HTTPRequest.Method(method) else {
            throw SerializationError(.invalidMethod, "Invalid method \(SerializationError.quoted(method.description))")
        }
        let authority = self.authority
        guard !authority.utf8.contains(UInt8(ascii: "@")) else {
            throw SerializationError(
                .invalidURL,
                "The URL \(SerializationError.quoted(url)) has user information, which an HTTPRequest cannot carry "
                    + "(use RequestSerializer.setBasicAuthorization)"
            )
        }
        var fields = HTTPFields()
        for field in headers {
            guard let name = HTTPField.Name(field.name.description) else {
                throw SerializationError(
                    .invalidHeader, "Invalid header name \(SerializationError.quoted(field.name.description))")
            }
            guard HTTPField.isValidValue(field.value) else {
                throw SerializationError(
                    .invalidHeader,
                    "The value of header \(SerializationError.quoted(field.name.description)) is not a valid field value"
                )
            }
            fields.append(HTTPField(name: name, value: field.value))
        }
        let request = HTTPRequest(
            method: method, scheme: scheme, authority: authority, path: path, headerFields: fields)
        return (request, body)
    }
}
