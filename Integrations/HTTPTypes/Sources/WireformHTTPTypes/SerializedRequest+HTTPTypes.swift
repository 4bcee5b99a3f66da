public import HTTPTypes
public import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension SerializedRequest {
    /// The request as a swift-http-types `HTTPRequest` and its body.
    ///
    /// The scheme, authority and path (with the query) are cut from Wireform's URL text as it is, so Wireform's
    /// escaping reaches the request byte for byte; the fragment, which is never sent, is dropped. A URL without a
    /// scheme and host (`/users?page=2`) gives a request with only a path, for a transport that adds its base URL.
    /// The headers keep their order; `content-type` and `content-length` are among them when Wireform knows them.
    ///
    /// ```swift
    /// let (request, body) = try serializer.serializedRequest(
    ///     method: .get, url: "https://example.com/search", parameters: ["q": "wire form"]
    /// ).httpRequest()
    /// // request.path == "/search?q=wire%20form"
    /// ```
    /// - Returns: The request and the body, `nil` when the request has none.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL`` for a URL with user information (use
    ///   `RequestSerializer.setBasicAuthorization(username:password:)`) or a relative path that does not start
    ///   with `/`; ``Wireform/SerializationError/Code/invalidHeader`` for a header value swift-http-types
    ///   refuses, instead of changing it.
    public func httpRequest() throws(SerializationError) -> (request: HTTPRequest, body: RequestBody?) {
        guard let method = HTTPRequest.Method(method) else {
            throw SerializationError(.invalidMethod, "Invalid method \(SerializationError.quoted(method.description))")
        }
        let parts = try URLParts(url.absoluteString)
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
            method: method, scheme: parts.scheme, authority: parts.authority, path: parts.path, headerFields: fields)
        return (request, body)
    }
}

/// A URL's text cut into the pseudo-header fields of an HTTP request, with no byte changed.
struct URLParts {
    var scheme: String?
    var authority: String?
    var path: String

    init(_ text: String) throws(SerializationError) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        if let colon = rest.firstIndex(of: ":"), rest[colon...].hasPrefix("://"),
            rest[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        {
            scheme = String(rest[..<colon])
            rest = rest[rest.index(colon, offsetBy: 3)...]
            let end = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
            let authority = rest[..<end]
            guard !authority.contains("@") else {
                throw SerializationError(
                    .invalidURL,
                    "The URL \(SerializationError.quoted(text)) has user information, which an HTTPRequest cannot "
                        + "carry (use RequestSerializer.setBasicAuthorization)"
                )
            }
            self.authority = String(authority)
            rest = rest[end...]
            path = rest.hasPrefix("/") ? String(rest) : "/" + rest
        } else {
            guard rest.hasPrefix("/") else {
                throw SerializationError(
                    .invalidURL,
                    "The URL \(SerializationError.quoted(text)) has no scheme and host, and its path does not start "
                        + "with '/'"
                )
            }
            path = String(rest)
        }
    }
}
