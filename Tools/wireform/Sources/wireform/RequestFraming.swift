import Wireform

/// How a request's body is delimited on the wire, decided as AsyncHTTPClient decides it, so that the printed request
/// and the sent one end their header section with the same framing field.
///
/// AsyncHTTPClient drops `Content-Length` and `Transfer-Encoding` from the headers it is given and writes its own at
/// the end of the header section (`setTransportFraming` in its `RequestValidation.swift`): the body's length
/// (WireformAsyncHTTPClient sends a stream declared as 0 bytes with an unknown length, so that it is read and held
/// to 0), no field at all for an empty `GET`, `HEAD`, `DELETE`, `CONNECT` or `TRACE`, and `Content-Length: 0` for
/// other methods without a body.
enum RequestFraming: Equatable {
    /// No framing field: a method that expects no body, without one.
    case none
    /// `Content-Length: N`.
    case length(Int64)
    /// `Transfer-Encoding: chunked`.
    case chunked

    /// The methods that get no `Content-Length: 0` without a body.
    private static let methodsWithoutBody: Set<String> = ["GET", "HEAD", "DELETE", "CONNECT", "TRACE"]

    /// The framing of a request.
    init(_ request: SerializedRequest) {
        var length: Int64? = 0
        if let body = request.body {
            if case .known(let count) = body.length, count > 0 {
                length = count
            } else if let bytes = body.bytes {
                // Only an empty or unknown length gets here: `bytes` copies a body held as `Data`, and a large
                // in-memory body (a form of hundreds of megabytes) has a known length above.
                length = Int64(bytes.count)
            } else {
                length = nil
            }
        }
        switch length {
        case nil: self = .chunked
        case 0? where Self.methodsWithoutBody.contains(request.method.description): self = .none
        case let count?: self = .length(count)
        }
    }

    /// The header line, with its CRLF; empty for ``none``.
    var headerLine: String {
        switch self {
        case .none: ""
        case .length(let count): "Content-Length: \(count)\r\n"
        case .chunked: "Transfer-Encoding: chunked\r\n"
        }
    }
}
