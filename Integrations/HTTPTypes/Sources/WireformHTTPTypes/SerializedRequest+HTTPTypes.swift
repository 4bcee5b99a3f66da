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
    ///   ``Wireform/SerializationError/Code/invalidMethod`` or ``Wireform/SerializationError/Code/invalidHeader``
    ///   for a method or a header name swift-http-types refuses (both are RFC 9110 tokens, which Wireform checks
    ///   too). Header values are taken as they are: Wireform's rule for them is swift-http-types' rule.
    public func httpRequest() throws(SerializationError) -> (request: HTTPRequest, body: MessageBody?) {
        guard let method = HTTPRequest.Method(method) else {
            throw SerializationError(.invalidMethod, "Invalid method \(SerializationError.quoted(method.description))")
        }
        let authority = self.authority
        guard !Self.hasUserInformation(authority) else {
            throw SerializationError(
                .invalidURL,
                "The URL \(SerializationError.quoted(url)) has user information, which an HTTPRequest cannot carry "
                    + "(use RequestSerializer.setBasicAuthorization)"
            )
        }
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for (name, value) in headers {
            guard let fieldName = Self.fieldName(name) else {
                throw SerializationError(
                    .invalidHeader, "Invalid header name \(SerializationError.quoted(name.description))")
            }
            // Wireform's header values follow the rule of swift-http-types' legal values (no control byte but tab,
            // no white space at either end: RFC 9110, section 5.5), so the value is taken as it is, never changed;
            // the integration tests compare the two rules on every byte.
            fields.append(HTTPField(name: fieldName, value: value))
        }
        guard let pathName = Self.pathName else {
            let request = HTTPRequest(
                method: method, scheme: scheme, authority: authority, path: path, headerFields: fields)
            return (request, body)
        }
        var request = HTTPRequest(method: method, scheme: scheme, authority: authority, path: nil, headerFields: fields)
        // Wireform checked every byte of the path and query when it wrote them (RFC 3986 characters only, so no
        // control byte and no white space: legal as it is), which the lenient check confirms in one cheap pass.
        request.pseudoHeaderFields.path = HTTPField(name: pathName, lenientValue: path.utf8)
        return (request, body)
    }

    /// The `:path` pseudo header field's name (swift-http-types keeps its own constant internal).
    private static let pathName = HTTPField.Name(parsed: ":path")

    /// Whether an authority has user information (`user@host`), which an `HTTPRequest` cannot carry.
    private static func hasUserInformation(_ authority: String) -> Bool {
        var authority = authority
        return authority.withUTF8 { $0.contains(UInt8(ascii: "@")) }
    }

    /// The swift-http-types name for a Wireform name: the shared constant for the names Wireform sets itself, so the
    /// common case is not parsed again; any other name is parsed (`nil` when swift-http-types refuses it).
    private static func fieldName(_ name: HeaderFields.Name) -> HTTPField.Name? {
        switch name.description {
        case "Accept-Language": return .acceptLanguage
        case "User-Agent": return .userAgent
        case "Content-Type": return .contentType
        case "Content-Length": return .contentLength
        case "Accept": return .accept
        case "Authorization": return .authorization
        default: return HTTPField.Name(name.description)
        }
    }
}
