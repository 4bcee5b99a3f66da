public import AsyncHTTPClient
import NIOCore
import NIOHTTP1
public import Wireform

extension HTTPClientRequest {
    /// The request as AsyncHTTPClient sends it: Wireform's method, URL text with its exact query (given to
    /// AsyncHTTPClient as it is; Wireform parses no URL), headers in order, and body.
    ///
    /// A body held in memory is sent as bytes. A streamed body (a file, a multipart form) is sent as a stream of
    /// large chunks (``ByteBufferChunks``); with a `.known(n)` length AsyncHTTPClient sends `Content-Length: n` and
    /// no `Transfer-Encoding`, and Wireform ends the request with its ``Wireform/SerializationError`` if the body
    /// produces another number of bytes. AsyncHTTPClient writes `Content-Length` and `Transfer-Encoding` from the
    /// body itself, so those two headers are not copied. `SerializedRequest.options` (`URLRequest` properties) do
    /// not apply.
    ///
    /// AsyncHTTPClient adds `Host` itself, after the request's fields, for each request it sends (a redirect it
    /// follows to another host gets that host's). With `hostFieldFirst`, `Host` is given explicitly and first: the
    /// request's own `Host` value, else the URL's `host[:port]` without user information; over HTTP/1.1
    /// AsyncHTTPClient then sends exactly what ``Wireform/SerializedRequest/writeHTTP1Message(chunkSize:bodyOnly:_:)``
    /// writes. Use it only with a client that follows no redirect itself (`redirectConfiguration = .disallow`, with
    /// `HTTPClient.execute(_:deadline:redirectLimit:uploadProgress:)` or
    /// ``Wireform/SerializedRequest/send(followingRedirects:_:)`` making each redirect's request afresh):
    /// AsyncHTTPClient keeps the fields it is given when it follows a redirect, and would send this `Host` to
    /// another host.
    ///
    /// ```swift
    /// let request = try serializer.serializedRequest(
    ///     method: .post, url: uploadURL, body: form.serializedBody)
    /// let response = try await httpClient.execute(HTTPClientRequest(request), timeout: .seconds(30))
    /// ```
    ///
    /// > Important: AsyncHTTPClient does not replay a streamed body on a `307` or `308` redirect: it hands the
    /// > redirect back. Send with `HTTPClient.execute(_:deadline:redirectLimit:uploadProgress:)`, which does.
    /// - Parameters:
    ///   - request: The request Wireform built.
    ///   - hostFieldFirst: Whether to give `Host` explicitly, before the other fields, as
    ///     ``Wireform/SerializedRequest/writeHTTP1Message(chunkSize:bodyOnly:_:)`` writes it; `false` by default.
    ///   - uploadProgress: Called as the body is produced (see ``Wireform/MessageBody/reportingProgress(_:)``),
    ///     from the task that sends it; `nil` for none.
    public init(
        _ request: SerializedRequest,
        hostFieldFirst: Bool = false,
        uploadProgress: (@Sendable (BodyProgress) -> Void)? = nil
    ) {
        self.init(url: request.url)
        method = NIOHTTP1.HTTPMethod(rawValue: request.method.description)
        headers = HTTP1Head.headers(of: request, hostFieldFirst: hostFieldFirst)
        if var body = request.body {
            // An empty body reports nothing, and wrapped it would become a stream: sent chunked, not as its bytes.
            if let uploadProgress, body.length != .known(0) { body = body.reportingProgress(uploadProgress) }
            self.body = Body(body)
        }
    }
}

extension HTTPClientRequest.Body {
    /// A Wireform body: bytes for a body held in memory, otherwise a stream of `chunkSize`-byte buffers with the
    /// body's length (`.known(n)` is sent as `Content-Length: n`; `.unknown` is sent chunked, and so is a stream
    /// declared as `.known(0)`: AsyncHTTPClient would not read it at all, so its source is read and must end
    /// without a byte, or the request fails with the same "produced more than declared" error as other lengths).
    ///
    /// ```swift
    /// request.body = HTTPClientRequest.Body(try MessageBody(fileAt: videoURL))
    /// ```
    /// - Parameters:
    ///   - body: The body.
    ///   - chunkSize: The size of each streamed chunk, in bytes; 1 MiB by default.
    public init(_ body: MessageBody, chunkSize: Int = ByteBufferChunks.defaultChunkSize) {
        if let bytes = body.bytes {
            self = .bytes(ByteBuffer(bytes: bytes))
            return
        }
        // AsyncHTTPClient never reads a stream declared empty (it sends `Content-Length: 0` and stops), so a source
        // that produces bytes anyway would go unnoticed and the caller would get the server's answer to an empty
        // body. Sent with an unknown length (chunked), the source is read and held to its declared 0 bytes.
        let length = HTTP1Head.transportLength(of: body).map { Length.known($0) } ?? .unknown
        self = .stream(ByteBufferChunks(body, chunkSize: chunkSize), length: length)
    }
}
