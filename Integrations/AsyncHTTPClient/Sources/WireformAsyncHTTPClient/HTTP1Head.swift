import NIOHTTP1
import Wireform

/// What AsyncHTTPClient writes before a Wireform request's body over HTTP/1.1, decided once for both the request
/// it is given (``AsyncHTTPClient/HTTPClientRequest/init(_:hostFieldFirst:uploadProgress:)``) and the message
/// ``Wireform/SerializedRequest/writeHTTP1Message(chunkSize:bodyOnly:_:)`` prints.
enum HTTP1Head {
    /// How a body is delimited on the wire.
    ///
    /// AsyncHTTPClient drops `Content-Length` and `Transfer-Encoding` from the headers it is given and adds its own
    /// at the end of the header section (`setTransportFraming` in its `RequestValidation.swift`): the body's length,
    /// no field at all for an empty `GET`, `HEAD`, `DELETE`, `CONNECT` or `TRACE`, `Content-Length: 0` for other
    /// methods without a body, and `Transfer-Encoding: chunked` for a stream of unknown length, which SwiftNIO's
    /// request encoder writes again as `transfer-encoding: chunked` for `POST`, `PUT` and `PATCH` (the methods it
    /// expects a body for; `correctlyFrameTransportHeaders` in its `HTTPEncoder.swift`).
    enum Framing: Equatable {
        /// No framing field: a method that expects no body, without one.
        case none
        /// `Content-Length: N`.
        case length(Int64)
        /// `Transfer-Encoding: chunked`, or in lowercase.
        case chunked(lowercase: Bool)

        /// The methods that get no `Content-Length: 0` without a body.
        private static let methodsWithoutBody: Set<String> = ["GET", "HEAD", "DELETE", "CONNECT", "TRACE"]

        /// The methods whose `Transfer-Encoding` SwiftNIO writes in lowercase.
        private static let methodsExpectingBody: Set<String> = ["POST", "PUT", "PATCH"]

        /// The framing of a request.
        init(_ request: SerializedRequest) {
            switch request.body.map(HTTP1Head.transportLength(of:)) ?? 0 {
            case nil: self = .chunked(lowercase: Self.methodsExpectingBody.contains(request.method.description))
            case 0? where Self.methodsWithoutBody.contains(request.method.description): self = .none
            case let count?: self = .length(count)
            }
        }

        /// The header line, with its CRLF; empty for ``none``.
        var headerLine: String {
            switch self {
            case .none: ""
            case .length(let count): "Content-Length: \(count)\r\n"
            case .chunked(let lowercase):
                lowercase ? "transfer-encoding: chunked\r\n" : "Transfer-Encoding: chunked\r\n"
            }
        }
    }

    /// The length AsyncHTTPClient is given for a body (see `HTTPClientRequest.Body.init(_:chunkSize:)`), or `nil`
    /// for a stream of unknown length, sent chunked: the byte count of a body held in memory, the declared length of
    /// a stream, and unknown for a stream declared empty (AsyncHTTPClient would not read it, so it is read and held
    /// to its 0 bytes).
    static func transportLength(of body: MessageBody) -> Int64? {
        if case .known(let count) = body.length, count > 0 { return count }
        // Only an empty or unknown length gets here: `bytes` copies a body held as `Data`, and a large in-memory
        // body (a form of hundreds of megabytes) has a known length above.
        if let bytes = body.bytes { return Int64(bytes.count) }
        return nil
    }

    /// The header fields AsyncHTTPClient is given for a request, in the order it sends them: the request's fields
    /// in order, without `Content-Length` and `Transfer-Encoding`, which AsyncHTTPClient writes itself, last. With
    /// `hostFieldFirst`, `Host` comes first (the request's own `Host` value, else the URL's `host[:port]` without
    /// user information); without it a `Host` of the request's stays in its place, and AsyncHTTPClient adds one
    /// after the fields when there is none.
    static func headers(of request: SerializedRequest, hostFieldFirst: Bool) -> HTTPHeaders {
        var headers = HTTPHeaders()
        if hostFieldFirst {
            let authority = Substring(request.authority)
            let urlHost = authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority
            headers.add(name: "Host", value: request.headers[.host] ?? String(urlHost))
        }
        for field in request.headers where !framingFields.contains(field.name) {
            guard !hostFieldFirst || field.name != .host else { continue }
            headers.add(name: field.name.description, value: field.value)
        }
        return headers
    }

    /// The fields AsyncHTTPClient writes itself, last.
    private static let framingFields: Set<Wireform.HeaderFields.Name> = [
        .contentLength, Wireform.HeaderFields.Name("Transfer-Encoding")!,  // A valid token: never nil.
    ]

    /// The request line after its target and the header section with the empty line that ends it:
    /// ` HTTP/1.1`, the fields of ``headers(of:hostFieldFirst:)`` with `Host` first, then the framing field.
    static func bytesAfterTarget(of request: SerializedRequest, framing: Framing) -> [UInt8] {
        var head: [UInt8] = []
        head.reserveCapacity(512)
        head.append(contentsOf: " HTTP/1.1\r\n".utf8)
        for (name, value) in headers(of: request, hostFieldFirst: true) {
            head.append(contentsOf: name.utf8)
            head.append(contentsOf: ": ".utf8)
            head.append(contentsOf: value.utf8)
            head.append(contentsOf: "\r\n".utf8)
        }
        head.append(contentsOf: framing.headerLine.utf8)
        head.append(contentsOf: "\r\n".utf8)
        return head
    }
}
