// The request fields of the IANA HTTP Field Name Registry that swift-http-types names (`HTTPField.Name`), with
// swift-http-types' spelling and symbol names: named constants, listed in api/public-api.txt but not counted.
extension HeaderFields.Name {
    /// `Accept`: the media types the client accepts in the response.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-12.5.1
    public static let accept = Self(unchecked: "Accept")

    /// `Accept-Encoding`: the content codings (such as `gzip`) the client accepts in the response.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-12.5.3
    public static let acceptEncoding = Self(unchecked: "Accept-Encoding")

    /// `Accept-Language`: the natural languages the client prefers in the response.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-12.5.4
    public static let acceptLanguage = Self(unchecked: "Accept-Language")

    /// `Access-Control-Request-Headers`: the headers a CORS preflight request asks to send.
    ///
    /// https://fetch.spec.whatwg.org/#http-access-control-request-headers
    public static let accessControlRequestHeaders = Self(unchecked: "Access-Control-Request-Headers")

    /// `Access-Control-Request-Method`: the method a CORS preflight request asks to use.
    ///
    /// https://fetch.spec.whatwg.org/#http-access-control-request-method
    public static let accessControlRequestMethod = Self(unchecked: "Access-Control-Request-Method")

    /// `Authorization`: the client's credentials (set with ``RequestSerializer/setBasicAuthorization(username:password:)`` or ``RequestSerializer/setBearerToken(_:)``).
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-11.6.2
    public static let authorization = Self(unchecked: "Authorization")

    /// `Available-Dictionary`: the hash of a compression dictionary the client holds.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9842
    public static let availableDictionary = Self(unchecked: "Available-Dictionary")

    /// `Cache-Control`: caching directives, such as `no-cache`.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9111#section-5.2
    public static let cacheControl = Self(unchecked: "Cache-Control")

    /// `Connection`: options for the current connection only (HTTP/1.1).
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-7.6.1
    public static let connection = Self(unchecked: "Connection")

    /// `Content-Disposition`: how a part's content is presented: a multipart part's name and file name.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6266
    public static let contentDisposition = Self(unchecked: "Content-Disposition")

    /// `Content-Encoding`: the content codings applied to the body, such as `gzip`.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-8.4
    public static let contentEncoding = Self(unchecked: "Content-Encoding")

    /// `Content-Language`: the natural language of the body's intended audience.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-8.5
    public static let contentLanguage = Self(unchecked: "Content-Language")

    /// `Content-Length`: the body's length in bytes.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-8.6
    public static let contentLength = Self(unchecked: "Content-Length")

    /// `Content-Location`: a URI for the body's content.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-8.7
    public static let contentLocation = Self(unchecked: "Content-Location")

    /// `Content-Type`: the body's media type.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-8.3
    public static let contentType = Self(unchecked: "Content-Type")

    /// `Cookie`: the cookies the client sends.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6265#section-5.4
    public static let cookie = Self(unchecked: "Cookie")

    /// `Date`: when the message was sent.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-6.6.1
    public static let date = Self(unchecked: "Date")

    /// `Dictionary-ID`: the server-given identifier of the compression dictionary in `Available-Dictionary`.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9842
    public static let dictionaryID = Self(unchecked: "Dictionary-ID")

    /// `Early-Data`: marks a request sent in TLS early data.
    ///
    /// https://www.rfc-editor.org/rfc/rfc8470#section-5.1
    public static let earlyData = Self(unchecked: "Early-Data")

    /// `Expect`: expectations the server must meet, such as `100-continue`.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-10.1.1
    public static let expect = Self(unchecked: "Expect")

    /// `From`: an email address for the human user of the client.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-10.1.2
    public static let from = Self(unchecked: "From")

    /// `Host`: the host and port of the target URI.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-7.2
    public static let host = Self(unchecked: "Host")

    /// `If-Match`: applies the method only if the resource's entity tag matches.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-13.1.1
    public static let ifMatch = Self(unchecked: "If-Match")

    /// `If-Modified-Since`: transfers the resource only if it changed after the given date.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-13.1.3
    public static let ifModifiedSince = Self(unchecked: "If-Modified-Since")

    /// `If-None-Match`: applies the method only if no entity tag matches.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-13.1.2
    public static let ifNoneMatch = Self(unchecked: "If-None-Match")

    /// `If-Range`: sends the `Range` only if the resource is unchanged; the whole resource otherwise.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-13.1.5
    public static let ifRange = Self(unchecked: "If-Range")

    /// `If-Unmodified-Since`: applies the method only if the resource did not change after the given date.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-13.1.4
    public static let ifUnmodifiedSince = Self(unchecked: "If-Unmodified-Since")

    /// `Max-Forwards`: how many more times a `TRACE` or `OPTIONS` request may be forwarded.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-7.6.2
    public static let maxForwards = Self(unchecked: "Max-Forwards")

    /// `Origin`: the origin that caused the request.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6454#section-7
    public static let origin = Self(unchecked: "Origin")

    /// `Priority`: the client's priority for the response.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9218#section-5
    public static let priority = Self(unchecked: "Priority")

    /// `Proxy-Authorization`: the client's credentials for a proxy.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-11.7.2
    public static let proxyAuthorization = Self(unchecked: "Proxy-Authorization")

    /// `Range`: the parts of the resource to transfer.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-14.2
    public static let range = Self(unchecked: "Range")

    /// `Referer`: the URI the target URI was obtained from (the spelling is the specification's).
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-10.1.3
    public static let referer = Self(unchecked: "Referer")

    /// `Sec-Purpose`: why the request was made, such as `prefetch`.
    ///
    /// https://fetch.spec.whatwg.org/#sec-purpose-header
    public static let secPurpose = Self(unchecked: "Sec-Purpose")

    /// `Sec-WebSocket-Extensions`: the WebSocket extensions the client asks for.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6455#section-11.3.2
    public static let secWebSocketExtensions = Self(unchecked: "Sec-WebSocket-Extensions")

    /// `Sec-WebSocket-Key`: the WebSocket opening handshake's nonce.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6455#section-11.3.1
    public static let secWebSocketKey = Self(unchecked: "Sec-WebSocket-Key")

    /// `Sec-WebSocket-Protocol`: the WebSocket subprotocols the client asks for.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6455#section-11.3.4
    public static let secWebSocketProtocol = Self(unchecked: "Sec-WebSocket-Protocol")

    /// `Sec-WebSocket-Version`: the WebSocket protocol version the client speaks.
    ///
    /// https://www.rfc-editor.org/rfc/rfc6455#section-11.3.5
    public static let secWebSocketVersion = Self(unchecked: "Sec-WebSocket-Version")

    /// `TE`: the transfer codings the client accepts, and whether it accepts trailers.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-10.1.4
    public static let te = Self(unchecked: "TE")

    /// `Traceparent`: the W3C Trace Context parent of the request.
    ///
    /// https://www.w3.org/TR/trace-context/#traceparent-header
    public static let traceparent = Self(unchecked: "Traceparent")

    /// `Tracestate`: vendor-specific W3C Trace Context data.
    ///
    /// https://www.w3.org/TR/trace-context/#tracestate-header
    public static let tracestate = Self(unchecked: "Tracestate")

    /// `Trailer`: the fields that will follow the body as trailers.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-6.6.2
    public static let trailer = Self(unchecked: "Trailer")

    /// `Transfer-Encoding`: the transfer codings applied to the body, such as `chunked` (HTTP/1.1).
    ///
    /// https://www.rfc-editor.org/rfc/rfc9112#section-6.1
    public static let transferEncoding = Self(unchecked: "Transfer-Encoding")

    /// `Upgrade`: the protocols the client would switch to on this connection.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-7.8
    public static let upgrade = Self(unchecked: "Upgrade")

    /// `User-Agent`: the client software.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-10.1.5
    public static let userAgent = Self(unchecked: "User-Agent")

    /// `Via`: the intermediaries the request passed through.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#section-7.6.3
    public static let via = Self(unchecked: "Via")
}
