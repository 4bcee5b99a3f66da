import Foundation
import Wireform

/// What `--follow` does with a redirect, as curl and HTTPie do it (RFC 9110 §15.4, Fetch §4.4):
///
/// - 307 and 308 resend the same method with exactly the same body and headers;
/// - 301 and 302 on `POST`, and 303 on anything but `HEAD`, become `GET` without body, `Content-Type` or
///   `Content-Length`;
/// - when the origin (scheme, host or port) changes, `Authorization`, `Proxy-Authorization`, `Cookie` and a `Host`
///   given with `-H` are dropped, however they were given;
/// - other 3xx responses (300, 304, 305, …) and 3xx responses without `Location` are final.
enum Redirect {
    /// The status codes that are followed.
    static let followedStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The fields that never go to another origin: the credentials of Wireform's one rule, and a `Host` given
    /// with `-H`.
    static let credentialFields: [HeaderFields.Name] = CrossOriginRedirect.credentialFields + [.host]

    /// The request to send next, or `nil` when the response is not a redirect to follow.
    /// - Parameters:
    ///   - request: The request that got the response.
    ///   - status: The response's status code.
    ///   - location: The response's `Location`, if any.
    /// - Throws: ``SendError`` for a `Location` that is not a valid `http` URL or not UTF-8, or a body that cannot be
    ///   sent again.
    static func next(
        after request: SerializedRequest, status: Int, location: String?
    ) throws(SendError) -> SerializedRequest? {
        guard followedStatuses.contains(status), let location else { return nil }
        // SwiftNIO decodes header values as UTF-8, replacing a byte that is not (`caf\xE9`) with U+FFFD: the URL the
        // server meant is lost, so the redirect is refused rather than sent to `%EF%BF%BD`.
        guard !location.unicodeScalars.contains("\u{FFFD}") else {
            throw SendError(
                message: "The redirect from \(quoted(request.url)) was not followed: its Location holds bytes that "
                    + "are not UTF-8")
        }
        // The tool follows a redirect with Foundation's URL resolution; the library itself never parses a URL.
        let base = URL(string: request.url)
        guard let resolved = URL(string: location, relativeTo: base)?.absoluteURL,
            var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false), components.host != nil
        else {
            throw SendError(
                message: "The redirect from \(quoted(request.url)) to \(quoted(location)) was not "
                    + "followed: its Location is not a valid URL")
        }
        // Credentials in a Location are the server's, not the user's: never sent.
        components.user = nil
        components.password = nil
        components.fragment = components.fragment ?? base?.fragment
        guard let url = components.url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https"
        else {
            throw SendError(
                message: "The redirect from \(quoted(request.url)) to \(quoted(location)) was not "
                    + "followed: only http and https URLs can be followed")
        }
        var next: SerializedRequest
        do {
            next = try SerializedRequest(
                method: request.method, url: url, headers: request.headers, body: request.body)
        } catch {
            throw SendError(
                message: "The redirect from \(quoted(request.url)) to \(quoted(location)) was not followed: "
                    + error.reason)
        }
        let method = request.method.description
        if (status == 303 && method != "HEAD") || ([301, 302].contains(status) && method == "POST") {
            next.method = .get
            next.body = nil
            next.headers.removeValues(for: .contentType)
            next.headers.removeValues(for: .contentLength)
            next.headers.removeValues(for: .contentEncoding)
        } else if let body = request.body, !body.isReplayable {
            throw SendError(
                message: "The \(status) redirect to \(quoted(url.absoluteString)) was not followed: the body "
                    + "cannot be read a second time")
        }
        if base.map({ !CrossOriginRedirect.isSameOrigin($0, url) }) ?? true {
            for name in credentialFields { next.headers.removeValues(for: name) }
        }
        return next
    }
}
