public import AsyncHTTPClient
public import NIOCore
import NIOHTTP1
public import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension HTTPClient {
    /// Sends a request Wireform built, and follows `307` and `308` redirects by sending the same body again.
    ///
    /// AsyncHTTPClient cannot produce a streamed body twice, so it hands a `307` or `308` back to the caller. This
    /// method follows it: it produces the body again from its start (a file is read again, a multipart form is
    /// framed again, byte for byte the same) and sends the request to the new location, up to `redirectLimit`
    /// times. Redirects that drop the body (`301`, `302` and `303` for `POST`) are left to the client's own
    /// configuration. On a redirect to another origin, `Authorization`, `Proxy-Authorization`, `Cookie` and
    /// `Origin` are not sent again, as AsyncHTTPClient does.
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
    ///   - redirectLimit: The most `307` and `308` redirects followed; 5 by default.
    ///   - uploadProgress: Called as the body is produced, from zero again for each redirect; `nil` for none.
    /// - Returns: The final response; its body may still be arriving.
    /// - Throws: ``Wireform/SerializationError`` with code ``Wireform/SerializationError/Code/bodyAlreadyConsumed``
    ///   when a redirect needs a body that is not ``Wireform/MessageBody/isReplayable``, or
    ///   ``Wireform/SerializationError/Code/invalidURL`` for a redirect target Wireform cannot send to;
    ///   `HTTPClientError.redirectLimitReached` and `HTTPClientError.redirectCycleDetected`; the body's own errors
    ///   (a file that changed size ends the request with ``Wireform/SerializationError/Code/lengthMismatch``); and
    ///   AsyncHTTPClient's errors.
    public func execute(
        _ request: SerializedRequest,
        deadline: NIODeadline,
        redirectLimit: Int = 5,
        uploadProgress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> HTTPClientResponse {
        var current = request
        var visited: Set<String> = [request.url]
        while true {
            let response = try await execute(
                HTTPClientRequest(current, uploadProgress: uploadProgress), deadline: deadline)
            guard response.status == .temporaryRedirect || response.status == .permanentRedirect,
                let original = URL(string: current.url),
                let target = RedirectTarget(response: response, from: original)
            else { return response }
            if let body = current.body, !body.isReplayable {
                throw SerializationError(
                    .bodyAlreadyConsumed,
                    "The server answered \(response.status.code) with a redirect to '\(target.url.absoluteString)', "
                        + "which needs the body sent again, but the body is single-use and has already been sent"
                )
            }
            guard visited.count <= redirectLimit else { throw HTTPClientError.redirectLimitReached }
            guard visited.insert(target.url.absoluteString).inserted else {
                throw HTTPClientError.redirectCycleDetected
            }
            await Self.discard(response.body)
            current = try target.request(redirecting: current)
        }
    }

    /// Sends a request Wireform built within a timeout, following `307` and `308` redirects by sending the same
    /// body again (see ``execute(_:deadline:redirectLimit:uploadProgress:)``).
    /// - Parameters:
    ///   - request: The request.
    ///   - timeout: How long the whole exchange, redirects included, may take.
    ///   - redirectLimit: The most `307` and `308` redirects followed; 5 by default.
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

    /// Reads and drops a redirect's small body so the connection can be reused; a large one is abandoned.
    private static func discard(_ body: HTTPClientResponse.Body) async {
        var remaining = 64 * 1024
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

/// Where a `307` or `308` response points, resolved against the request's URL.
private struct RedirectTarget {
    let url: URL
    private let isSameOrigin: Bool

    /// The target, or `nil` when the response has no usable `Location` (then the response is returned as it is).
    init?(response: HTTPClientResponse, from original: URL) {
        guard let location = response.headers.first(name: "Location"),
            let url = URL(string: location, relativeTo: original)?.absoluteURL,
            let scheme = url.scheme?.lowercased(), url.host != nil
        else { return nil }
        let originalScheme = original.scheme?.lowercased()
        // Never from https to http, which would send the body in the clear.
        switch (originalScheme, scheme) {
        case ("http", "http"), ("http", "https"), ("https", "https"): break
        default: return nil
        }
        self.url = url
        isSameOrigin =
            originalScheme == scheme && original.host?.lowercased() == url.host?.lowercased()
            && original.port == url.port
    }

    /// The fields not sent to another origin.
    private static let credentialFields: [Wireform.HeaderFields.Name] =
        [.authorization] + ["Cookie", "Proxy-Authorization", "Origin"].compactMap { Wireform.HeaderFields.Name($0) }

    /// The request sent to the target: the same method, headers and body.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL`` when the target's text is not a URL Wireform sends.
    func request(redirecting request: SerializedRequest) throws(SerializationError) -> SerializedRequest {
        var redirected = try SerializedRequest(
            method: request.method, url: url, headers: request.headers, body: request.body)
        if !isSameOrigin {
            for name in Self.credentialFields { redirected.headers.removeValues(for: name) }
        }
        return redirected
    }
}
