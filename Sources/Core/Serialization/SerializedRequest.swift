/// A request built by ``RequestSerializer``: method, URL, headers in the order Wireform produced them, and body.
///
/// The URL is kept as text, exactly as Wireform wrote it, and never parsed by Foundation: ``scheme``, ``authority``
/// and ``path`` are cut from it for clients that take the parts (swift-http-types, an HTTP/1.1 writer), ``url`` is
/// the whole text for those that take a string (AsyncHTTPClient). Use it directly with such a client (its ``body``
/// can be streamed as async chunks), or turn it into a `URLRequest` with `urlRequest(options:)` from
/// `WireformFoundation`, which makes the Foundation `URL`.
public struct SerializedRequest: Sendable {
    /// The method.
    public var method: RequestMethod
    /// The absolute URL, `scheme://authority/path?query#fragment`, with any query the serializer added, exactly as
    /// Wireform wrote it.
    public internal(set) var url: String
    /// The headers, in order: the caller's, then the serializer's defaults, then `Content-Type` and
    /// `Content-Length` when they are known.
    public var headers: HeaderFields
    /// The body, or `nil` when the request has none.
    public var body: RequestBody?
    /// Where the parts of ``url`` end, in UTF-8 bytes from its start.
    var parts: URLTextParts

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL, as a `URL` or an absolute `http` or `https` URL string.
    ///   - headers: The headers.
    ///   - body: The body.
    /// - Throws: ``SerializationError/Code/invalidURL`` when the URL is not an absolute `http` or `https` URL with a
    ///   host, or has a byte a URL cannot carry.
    public init(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        body: RequestBody? = nil
    ) throws(SerializationError) {
        let (text, parts) = try URLTextParts.check(try url.requestURL())
        self.init(method: method, checkedURL: text, parts: parts, headers: headers)
        self.body = body
    }

    /// A request around URL text already checked.
    init(method: RequestMethod, checkedURL: String, parts: URLTextParts, headers: HeaderFields) {
        self.method = method
        self.url = checkedURL
        self.parts = parts
        self.headers = headers
        self.body = nil
    }

    /// The scheme as written, such as `https`.
    public var scheme: String { slice(0, parts.schemeEnd) }

    /// The authority as written: `host`, `host:port`, or with user information `user@host:port`.
    public var authority: String { slice(parts.schemeEnd + 3, parts.pathStart) }

    /// The path and query in origin form, as an HTTP/1.1 request line and HTTP/2's `:path` carry them: `/` when the
    /// URL's path is empty, never the fragment.
    public var path: String {
        if parts.pathStart == parts.fragmentStart { return "/" }
        let text = slice(parts.pathStart, parts.fragmentStart)
        return text.utf8.first == UInt8(ascii: "/") ? text : "/" + text
    }

    /// The URL text from one byte offset to another; the text is ASCII, so every offset is a character boundary.
    private func slice(_ start: Int, _ end: Int) -> String {
        let utf8 = url.utf8
        let from = utf8.index(utf8.startIndex, offsetBy: start)
        let to = utf8.index(from, offsetBy: end - start)
        return String(Substring(utf8[from..<to]))
    }
}
