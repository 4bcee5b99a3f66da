import AsyncHTTPClient
import Foundation

/// A proxy AsyncHTTPClient can go through: an HTTP proxy (`http://[user:password@]host[:port]`, or `host:port`;
/// AsyncHTTPClient tunnels every request through it with `CONNECT`, `http` too), or a SOCKSv5 proxy
/// (`socks5://host[:port]`).
///
/// AsyncHTTPClient has no TLS to the proxy itself (`https://` proxy URLs) and no SOCKS authentication: both are
/// refused with a message that says so.
struct ProxyChoice: Hashable {
    /// AsyncHTTPClient's configuration.
    let proxy: HTTPClient.Configuration.Proxy

    /// Reads a proxy URL.
    /// - Parameters:
    ///   - text: The URL, as given.
    ///   - source: Where it came from (`--proxy`, `http_proxy`, …), for the message.
    /// - Throws: ``SendError`` naming the source and the URL.
    init(text: String, source: String) throws(SendError) {
        let withScheme = text.contains("://") ? text : "http://" + text
        let invalid = { (reason: String) in SendError(message: "Invalid \(quoted(source)) \(quoted(text)): \(reason)") }
        guard let url = URL(string: withScheme), let host = url.host, !host.isEmpty else {
            throw invalid("expected a proxy URL such as 'http://proxy.example:3128'")
        }
        if let port = url.port, !(1...65535).contains(port) { throw invalid("the port \(port) is not 1 to 65535") }
        guard ["", "/"].contains(url.path), url.query == nil, url.fragment == nil else {
            throw invalid("a proxy URL has no path, query or fragment")
        }
        let plainHost = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        switch url.scheme?.lowercased() {
        case "http":
            let authorization = url.user.map { user in
                HTTPClient.Authorization.basic(
                    username: user.removingPercentEncoding ?? user,
                    password: url.password.map { $0.removingPercentEncoding ?? $0 } ?? "")
            }
            proxy = .server(host: plainHost, port: url.port ?? 80, authorization: authorization)
        case "socks5", "socks5h":
            guard url.user == nil else { throw invalid("AsyncHTTPClient has no SOCKS authentication") }
            proxy = .socksServer(host: plainHost, port: url.port ?? 1080)
        case "https":
            throw invalid("AsyncHTTPClient cannot speak TLS to a proxy; use an 'http://' proxy (it tunnels https)")
        default:
            throw invalid("expected an 'http://' or 'socks5://' proxy URL")
        }
    }
}
