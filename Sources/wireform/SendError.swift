import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that could not be sent or whose response could not be read: exit status 3. The message is one plain
/// line naming the URL (never its user information, which the tool removed) and what went wrong.
struct SendError: Error {
    let message: String

    init(message: String) {
        self.message = message
    }

    /// The message for a URLSession error.
    /// - Parameters:
    ///   - error: What URLSession reported.
    ///   - url: The request's URL.
    ///   - timeout: `--timeout`, in seconds.
    init(_ error: any Error, url: String, timeout: Double) {
        let error = error as NSError
        let code = error.domain == NSURLErrorDomain ? error.code : 0
        if code == NSURLErrorTimedOut {
            message = "The request to \(quoted(url)) timed out after \(Self.seconds(timeout))"
            return
        }
        let reason: String
        switch code {
        case NSURLErrorCannotConnectToHost: reason = "could not connect to the server"
        case NSURLErrorCannotFindHost, NSURLErrorDNSLookupFailed: reason = "the server's host name was not found"
        case NSURLErrorNetworkConnectionLost: reason = "the connection was closed before the response was complete"
        case NSURLErrorBadServerResponse: reason = "the response is not valid HTTP"
        case NSURLErrorUnsupportedURL: reason = "the URL is not supported (use http or https)"
        case NSURLErrorSecureConnectionFailed, NSURLErrorServerCertificateUntrusted,
            NSURLErrorServerCertificateHasBadDate, NSURLErrorServerCertificateHasUnknownRoot,
            NSURLErrorServerCertificateNotYetValid:
            reason = "the TLS connection failed (\(error.localizedDescription))"
        case NSURLErrorHTTPTooManyRedirects: reason = "too many redirects"
        default: reason = error.localizedDescription
        }
        message = "Cannot send the request to \(quoted(url)): \(reason)"
    }

    /// `1 second`, `2 seconds`, `0.5 seconds`.
    static func seconds(_ value: Double) -> String {
        if value == 1 { return "1 second" }
        if value == value.rounded(), value < 1e15 { return "\(Int64(value)) seconds" }
        return "\(value) seconds"
    }
}
