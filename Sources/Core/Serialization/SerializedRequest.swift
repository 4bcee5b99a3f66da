/// A request built by ``RequestSerializer``: method, URL, headers in the order Wireform produced them, and body.
///
/// The URL is kept as text, exactly as Wireform checked and wrote it, in the parts an HTTP request carries, and never
/// parsed by Foundation: ``scheme``, ``authority`` and ``path`` for clients that take the parts (swift-http-types, an
/// HTTP/1.1 writer), ``url`` for those that take a string (AsyncHTTPClient). Use it directly with such a client (its
/// ``body`` can be streamed as async chunks), or turn it into a `URLRequest` with `urlRequest(options:)` from
/// `WireformFoundation`, which makes the Foundation `URL`.
public struct SerializedRequest: Sendable {
    /// The method.
    public var method: RequestMethod
    /// The scheme as written, such as `https`.
    public internal(set) var scheme: String
    /// The authority as written: `host`, `host:port`, or with user information `user@host:port`.
    public internal(set) var authority: String
    /// The path and query as written, with any query the serializer added: empty, or starting with `/` or `?`.
    var target: String
    /// The fragment with its `#`, or empty.
    var fragment: String
    /// The headers, in order: the caller's, then the serializer's defaults, then `Content-Type` and
    /// `Content-Length` when they are known.
    public var headers: HeaderFields
    /// The body, or `nil` when the request has none.
    public var body: MessageBody?

    /// Creates a request whose framing headers match its body.
    ///
    /// The headers are checked as ``RequestSerializer`` checks a caller's headers, with the same errors: no
    /// `Transfer-Encoding` (the client frames the body; RFC 9112, section 6.2), and a `Content-Length` only when it
    /// is the body's length. A body of unknown length takes a `Content-Length` as its declared length, enforced as
    /// it streams; a request without a body may only declare `0`.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL, as a `URL` or an absolute `http` or `https` URL string.
    ///   - headers: The headers.
    ///   - body: The body.
    /// - Throws: ``SerializationError/Code/invalidURL`` when the URL is not an absolute `http` or `https` URL with a
    ///   host, or has a byte a URL cannot carry; ``SerializationError/Code/invalidHeader`` for a `Transfer-Encoding`
    ///   field, or a `Content-Length` that is not a byte count or not the body's length (`The request's
    ///   Content-Length is 5 but the body is 3 bytes long`).
    public init(
        method: RequestMethod,
        url: some RequestURLConvertible,
        headers: HeaderFields = HeaderFields(),
        body: MessageBody? = nil
    ) throws(SerializationError) {
        let (text, parts) = try URLTextParts.check(try url.requestURL())
        try RequestSerializer.checkNoTransferEncoding(headers)
        let framedBody: MessageBody?
        if let body {
            framedBody = try RequestSerializer.framedBody(body, headers: headers)
        } else {
            try RequestSerializer.checkLengthWithoutBody(headers)
            framedBody = nil
        }
        self.init(method: method, checkedURL: text, parts: parts, headers: headers)
        self.body = framedBody
    }

    /// A request around URL text already checked.
    init(method: RequestMethod, checkedURL text: String, parts: URLTextParts, headers: HeaderFields) {
        // The checked text is native contiguous UTF-8 (``URLTextParts/check(_:)`` made it so) and ASCII: each part is
        // copied straight from its bytes (short parts become small strings, with no allocation).
        var text = text
        let (scheme, authority, target, fragment) = text.withUTF8 { bytes in
            func slice(_ start: Int, _ end: Int) -> String {
                // A slice of the buffer withUTF8 lends, decoded once; start..<end lies inside it.
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            }
            return (
                slice(0, parts.schemeEnd), slice(parts.schemeEnd + 3, parts.pathStart),
                slice(parts.pathStart, parts.fragmentStart), slice(parts.fragmentStart, bytes.count)
            )
        }
        self.method = method
        self.scheme = scheme
        self.authority = authority
        self.target = target
        self.fragment = fragment
        self.headers = headers
        self.body = nil
    }

    /// The absolute URL, `scheme://authority/path?query#fragment`, with any query the serializer added, exactly as
    /// Wireform wrote it.
    public var url: String { scheme + "://" + authority + target + fragment }

    /// The path and query in origin form, as an HTTP/1.1 request line and HTTP/2's `:path` carry them: `/` when the
    /// URL's path is empty, never the fragment.
    public var path: String {
        switch target.utf8.first {
        case UInt8(ascii: "/"): target
        case nil: "/"
        default: "/" + target
        }
    }
}
