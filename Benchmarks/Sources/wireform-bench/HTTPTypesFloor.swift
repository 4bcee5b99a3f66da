import HTTPTypes

/// What swift-http-types itself costs for the R1 request once its path or body exists: the floor under any library
/// that returns an `HTTPRequest`, as the Foundation floor rows are for `URLRequest`.
///
/// It takes the cheapest public path (the one `httpRequest()` takes): header fields under swift-http-types' own name
/// constants, values checked once by `HTTPField(name:value:)`, and the `:path` set through the lenient check, which is
/// cheaper than `HTTPRequest.init(path:)`'s full legality check of the same bytes.
enum HTTPTypesFloor {
    /// The `:path` pseudo header field's name.
    static let pathName = HTTPField.Name(parsed: ":path")!

    /// An `HTTPRequest` with this method, `https://example.com`, this path and these header fields.
    static func request(method: HTTPRequest.Method, path: String, headers: [(HTTPField.Name, String)]) -> HTTPRequest {
        var fields = HTTPFields()
        fields.reserveCapacity(headers.count)
        for (name, value) in headers { fields.append(HTTPField(name: name, value: value)) }
        var request = HTTPRequest(
            method: method, scheme: "https", authority: "example.com", path: nil, headerFields: fields)
        request.pseudoHeaderFields.path = HTTPField(name: pathName, lenientValue: path.utf8)
        return request
    }

    /// The header fields of a Wireform `HTTPRequest`, as swift-http-types names and values.
    static func headers(of request: HTTPRequest) -> [(HTTPField.Name, String)] {
        request.headerFields.map { ($0.name, $0.value) }
    }
}
