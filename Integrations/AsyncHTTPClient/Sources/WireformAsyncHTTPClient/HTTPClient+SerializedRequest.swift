public import AsyncHTTPClient
public import NIOCore
import NIOHTTP1
public import Wireform

extension HTTPClient {
    /// Sends a request Wireform built and follows its redirects by Wireform's rule
    /// (``Wireform/SerializedRequest/redirected(status:location:)``), replaying the body where the rule keeps it.
    ///
    /// AsyncHTTPClient cannot produce a streamed body twice, so it hands a `307` or `308` back to the caller. This
    /// method follows it: it produces the body again from its start (a file is read again and must be the one first
    /// read, a multipart form is framed again, byte for byte the same) and sends the request to the new location.
    /// `301`, `302` and `303` after `POST` become `GET` without body; credentials and `Host` never go to another
    /// origin. A client configured to follow redirects itself (`HTTPClient.shared` is) follows the ones it can
    /// before this method sees them; give the client `redirectConfiguration = .disallow` to have every redirect
    /// follow Wireform's rule. See ``Wireform/SerializedRequest/send(followingRedirects:_:)`` to send each step
    /// yourself (another client per proxy, a progress line per request).
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// try form.append(fileAt: videoURL, name: "video")
    /// let request = try RequestSerializer().serializedRequest(
    ///     method: .post, url: "https://example.com/upload", body: form.serializedBody)
    /// let response = try await HTTPClient.shared.execute(request, deadline: .now() + .minutes(5))
    /// ```
    /// - Parameters:
    ///   - request: The request.
    ///   - deadline: When the whole exchange, redirects included, must be complete.
    ///   - redirectLimit: The most redirects followed; 5 by default.
    ///   - uploadProgress: Called as the body is produced, from zero again for each redirect; `nil` for none.
    /// - Returns: The final response; its body may still be arriving.
    /// - Throws: The errors of ``Wireform/SerializedRequest/redirected(status:location:)`` (a `Location` Wireform
    ///   cannot follow, a body that is not replayable); `HTTPClientError.redirectLimitReached`; the body's own
    ///   errors (a file that changed size ends the request with ``Wireform/SerializationError/Code/lengthMismatch``,
    ///   one edited before a replay with ``Wireform/SerializationError/Code/fileChanged``); and AsyncHTTPClient's
    ///   errors.
    public func execute(
        _ request: SerializedRequest,
        deadline: NIODeadline,
        redirectLimit: Int = 5,
        uploadProgress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> HTTPClientResponse {
        try await request.send(followingRedirects: redirectLimit) { next in
            try await self.execute(HTTPClientRequest(next, uploadProgress: uploadProgress), deadline: deadline)
        }
    }

    /// Sends a request Wireform built within a timeout, following its redirects by Wireform's rule (see
    /// ``execute(_:deadline:redirectLimit:uploadProgress:)``).
    /// - Parameters:
    ///   - request: The request.
    ///   - timeout: How long the whole exchange, redirects included, may take.
    ///   - redirectLimit: The most redirects followed; 5 by default.
    ///   - uploadProgress: Called as the body is produced, from zero again for each redirect; `nil` for none.
    /// - Returns: The final response; its body may still be arriving.
    /// - Throws: The errors of ``execute(_:deadline:redirectLimit:uploadProgress:)``.
    public func execute(
        _ request: SerializedRequest,
        timeout: TimeAmount,
        redirectLimit: Int = 5,
        uploadProgress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> HTTPClientResponse {
        try await execute(
            request, deadline: .now() + timeout, redirectLimit: redirectLimit, uploadProgress: uploadProgress)
    }
}

extension SerializedRequest {
    /// The most bytes of a redirect response's body read and dropped, so that its connection can serve the next
    /// request; a longer body is abandoned (AsyncHTTPClient closes its connection).
    static let redirectBodyDiscardLimit = 64 * 1024

    /// Sends this request with `send` and follows the redirects it gets by Wireform's rule
    /// (``Wireform/SerializedRequest/redirected(status:location:)``), up to `limit` of them: the loop behind
    /// `HTTPClient.execute(_:deadline:redirectLimit:uploadProgress:)`, for a caller that sends each step itself.
    ///
    /// A redirect's body is read and dropped (up to 64 KiB; a longer one is abandoned) before the next request is
    /// sent. The response that is not a redirect to follow is returned as it is, its body unread.
    ///
    /// ```swift
    /// // A client per step: direct, or through the proxy the step's URL needs.
    /// let response = try await request.send(followingRedirects: 10) { step in
    ///     try await client(for: step.url).execute(HTTPClientRequest(step), timeout: .seconds(30))
    /// }
    /// ```
    /// - Parameters:
    ///   - limit: The most redirects followed; a redirect beyond it throws.
    ///   - send: Sends one request (this one, then each redirect's) and returns its response.
    /// - Returns: The final response.
    /// - Throws: What `send` throws; the errors of ``Wireform/SerializedRequest/redirected(status:location:)``;
    ///   `HTTPClientError.redirectLimitReached` for a redirect beyond `limit`.
    public func send(
        followingRedirects limit: Int,
        _ send: (SerializedRequest) async throws -> HTTPClientResponse
    ) async throws -> HTTPClientResponse {
        var current = self
        var followed = 0
        while true {
            let response = try await send(current)
            guard
                let next = try current.redirected(
                    status: Int(response.status.code), location: response.headers.first(name: "Location"))
            else { return response }
            guard followed < limit else { throw HTTPClientError.redirectLimitReached }
            followed += 1
            await Self.discard(response.body)
            current = next
        }
    }

    /// Reads and drops a redirect's small body so the connection can be reused; a large one is abandoned.
    private static func discard(_ body: HTTPClientResponse.Body) async {
        var remaining = redirectBodyDiscardLimit
        do {
            for try await chunk in body {
                remaining -= chunk.readableBytes
                if remaining < 0 { return }
            }
        } catch {
            // The redirect was answered; an error in its body does not concern the next request.
        }
    }
}
