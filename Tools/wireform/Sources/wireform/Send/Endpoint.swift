import Foundation
import Wireform

/// Where `--send` connects: the host and port of an `http` URL.
///
/// `--send` speaks HTTP/1.1 itself over TCP, so it sends exactly the bytes the offline output shows. It has no TLS:
/// an `https` URL is refused with a message that says so (write the request with `-o` and send it with a TLS
/// client, or use the library with URLSession or AsyncHTTPClient).
struct Endpoint: Equatable {
    let host: String
    let port: Int

    /// The endpoint of a request's URL.
    /// - Throws: ``SendError`` for a URL that is not `http`, or has no host.
    init(_ request: SerializedRequest) throws(SendError) {
        guard let url = URL(string: request.url) else {
            throw SendError(
                message: "Cannot send the request to \(quoted(request.url)): it is not a URL Foundation reads")
        }
        try self.init(url)
    }

    /// The endpoint of a URL.
    /// - Throws: ``SendError`` for a URL that is not `http`, or has no host.
    init(_ url: URL) throws(SendError) {
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" else {
            let reason =
                scheme == "https"
                ? "'--send' speaks plain HTTP only; it has no TLS (write the request with '-o' and send it with "
                    + "a TLS client, or use Wireform with URLSession or AsyncHTTPClient)"
                : "'--send' sends http URLs only"
            throw SendError(message: "Cannot send the request to \(quoted(url.absoluteString)): \(reason)")
        }
        guard var host = url.host, !host.isEmpty else {
            throw SendError(message: "Cannot send the request to \(quoted(url.absoluteString)): the URL has no host")
        }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        self.host = host
        port = url.port ?? 80
    }
}
