public import AsyncHTTPClient
public import NIOCore
public import Wireform

extension HTTPClient {
    /// Sends one request Wireform built (following no redirect) and ends it when no progress is made for
    /// `idleTimeout`: no chunk of the body taken to be written, no response head, no chunk of the response body.
    ///
    /// The deadline is Wireform's own, started again by each sign of progress, and applies until the response body
    /// has been read: it ends the waits AsyncHTTPClient's timers do not (a server that accepts an upload and never
    /// reads it; one that sends interim `1xx` responses forever, which AsyncHTTPClient drops and which count as no
    /// progress here), so no exchange waits forever on a silent or hostile peer. Interim responses are therefore
    /// bounded by time, not by count: AsyncHTTPClient gives no sign of them.
    ///
    /// Follow redirects with ``Wireform/SerializedRequest/send(followingRedirects:_:)``:
    ///
    /// ```swift
    /// let response = try await request.send(followingRedirects: 5) { step in
    ///     try await client.send(step, idleTimeout: .seconds(30))
    /// }
    /// for try await chunk in response.body { try output.write(contentsOf: chunk.readableBytesView) }
    /// ```
    /// - Parameters:
    ///   - request: The request.
    ///   - idleTimeout: The longest wait without progress.
    ///   - hostFieldFirst: Whether to give `Host` first, as
    ///     ``AsyncHTTPClient/HTTPClientRequest/init(_:hostFieldFirst:uploadProgress:)`` describes; `false` by
    ///     default.
    ///   - chunkSize: The size of each streamed chunk of the body, in bytes; 1 MiB by default.
    ///   - uploadProgress: Called as the body is produced; `nil` for none.
    /// - Returns: The response; its body, still arriving, is read under the same deadline.
    /// - Throws: `HTTPClientError.deadlineExceeded` when `idleTimeout` passed without progress (reading the body
    ///   throws it too); the body's own errors; AsyncHTTPClient's errors.
    public func send(
        _ request: SerializedRequest,
        idleTimeout: TimeAmount,
        hostFieldFirst: Bool = false,
        chunkSize: Int = ByteBufferChunks.defaultChunkSize,
        uploadProgress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> HTTPClientResponse {
        let deadline = IdleDeadline(timeout: idleTimeout)
        var clientRequest = HTTPClientRequest(request, hostFieldFirst: hostFieldFirst)
        if var body = request.body {
            // An empty body makes no progress to report, and wrapped it would become a stream (sent chunked).
            if body.length != .known(0) {
                body = body.reportingProgress { progress in
                    deadline.touch()
                    uploadProgress?(progress)
                }
            }
            clientRequest.body = HTTPClientRequest.Body(body, chunkSize: chunkSize)
        }
        let sendable = clientRequest
        var response = try await deadline.race {
            try await self.execute(sendable, deadline: .distantFuture)
        }
        response.body = .stream(IdleResponseBody(base: response.body, deadline: deadline))
        return response
    }

    /// Sends a request Wireform built, following its redirects by Wireform's rule (see
    /// ``execute(_:deadline:redirectLimit:uploadProgress:)``), each request ended when no progress is made for
    /// `idleTimeout` (see ``send(_:idleTimeout:hostFieldFirst:chunkSize:uploadProgress:)``).
    ///
    /// ```swift
    /// let response = try await HTTPClient.shared.execute(request, idleTimeout: .seconds(30))
    /// ```
    /// - Parameters:
    ///   - request: The request.
    ///   - idleTimeout: The longest wait without progress, for each request.
    ///   - redirectLimit: The most redirects followed; 5 by default.
    ///   - uploadProgress: Called as the body is produced, from zero again for each redirect; `nil` for none.
    /// - Returns: The final response; its body, still arriving, is read under the same deadline.
    /// - Throws: `HTTPClientError.deadlineExceeded` when `idleTimeout` passed without progress; the errors of
    ///   ``execute(_:deadline:redirectLimit:uploadProgress:)``.
    public func execute(
        _ request: SerializedRequest,
        idleTimeout: TimeAmount,
        redirectLimit: Int = 5,
        uploadProgress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> HTTPClientResponse {
        try await request.send(followingRedirects: redirectLimit) { next in
            try await self.send(next, idleTimeout: idleTimeout, uploadProgress: uploadProgress)
        }
    }
}
