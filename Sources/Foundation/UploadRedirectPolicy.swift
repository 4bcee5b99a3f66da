import Foundation
import Wireform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What `BodyStreamProvider` (and so ``MultipartUploader``) does with a redirect, as curl and browsers do:
///
/// - credentials never reach another origin: when the scheme, host or port changes, `Authorization`,
///   `Proxy-Authorization` and `Cookie` are removed from the redirected request;
/// - 301 and 302 on `POST`, and 303 on anything but `HEAD`, become `GET` without body, `Content-Type`,
///   `Content-Length` or `Content-Encoding` (`RedirectMethodRule`, the rule `SerializedRequest.redirected` follows;
///   URLSession on Linux keeps the old `Content-Length` with no body, and the server waits);
/// - a 307 or 308 for a request with a body is not followed: the response is returned to the caller, who can send
///   the form again to its `Location`. URLSession on Linux resends neither a file, nor data, nor a new stream after
///   these redirects (the new server gets the old `Content-Length`, or `0`, and no body).
enum UploadRedirectPolicy {
    /// The request to follow the redirect with, or `nil` to stop and return the redirect response.
    /// - Parameters:
    ///   - response: The redirect response.
    ///   - original: The request that got it.
    ///   - proposed: The request URLSession proposes.
    ///   - hasBody: Whether the request has a body (a streamed one is not in `original`).
    static func redirect(
        _ response: HTTPURLResponse, from original: URLRequest?, proposed: URLRequest, hasBody: Bool
    ) -> URLRequest? {
        guard let original, let url = proposed.url else { return nil }
        var next = original
        next.url = url
        let method = original.httpMethod ?? "GET"
        let status = response.statusCode
        if RedirectMethodRule.becomesGET(status: status, method: method) {
            next.httpMethod = "GET"
            next.httpBody = nil
            next.httpBodyStream = nil
            for name in RedirectMethodRule.bodyFields { next.setValue(nil, forHTTPHeaderField: name.rawName) }
        } else if [307, 308].contains(status) {
            let carriesBody =
                hasBody || original.httpBody != nil || original.httpBodyStream != nil
                || original.value(forHTTPHeaderField: "Content-Length").map { $0 != "0" } ?? false
            guard !carriesBody else { return nil }
        }
        if original.url.map({ !CrossOriginRedirect.isSameOrigin($0, url) }) ?? true {
            for name in CrossOriginRedirect.credentialFields { next.setValue(nil, forHTTPHeaderField: name.rawName) }
        }
        return next
    }
}
