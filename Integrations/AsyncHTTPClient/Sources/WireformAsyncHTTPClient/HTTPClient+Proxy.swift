public import AsyncHTTPClient
public import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension HTTPClient.Configuration.Proxy {
    /// The proxy a proxy URL names, as curl reads `--proxy` and the proxy variables: an HTTP proxy
    /// (`http://[user:password@]host[:port]`, or `host:port`; port 80 by default), through which AsyncHTTPClient
    /// tunnels every request with `CONNECT`, `http` too; or a SOCKSv5 proxy (`socks5://host[:port]`, port 1080 by
    /// default).
    ///
    /// AsyncHTTPClient has no TLS to the proxy itself (`https://` proxy URLs) and no SOCKS authentication: both are
    /// refused with a message that says so.
    ///
    /// ```swift
    /// configuration.proxy = try .init(url: "http://user:secret@proxy.example:3128")
    /// ```
    /// - Parameter text: The proxy URL.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL``, `Invalid proxy URL 'TEXT': REASON`, the text with
    ///   its password shown as `***`.
    public init(url text: String) throws(SerializationError) {
        let withScheme = text.contains("://") ? text : "http://" + text
        let shown: String = SerializationError.quoted(Self.redactingUserInfo(text))
        let invalid = { (reason: String) -> SerializationError in
            SerializationError(.invalidURL, "Invalid proxy URL \(shown): \(reason)")
        }
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
            let authorization = url.user(percentEncoded: false).map { user in
                HTTPClient.Authorization.basic(username: user, password: url.password(percentEncoded: false) ?? "")
            }
            self = .server(host: plainHost, port: url.port ?? 80, authorization: authorization)
        case "socks5", "socks5h":
            guard url.user == nil else { throw invalid("AsyncHTTPClient has no SOCKS authentication") }
            self = .socksServer(host: plainHost, port: url.port ?? 1080)
        case "https":
            throw invalid("AsyncHTTPClient cannot speak TLS to a proxy; use an 'http://' proxy (it tunnels https)")
        default:
            throw invalid("expected an 'http://' or 'socks5://' proxy URL")
        }
    }

    /// The proxy the environment's variables choose for a request, as curl reads them, or `nil` to connect
    /// directly: `http_proxy` for an `http` URL (in lower case only: `HTTP_PROXY` may be set by a CGI request's
    /// `Proxy` header), `https_proxy` or `HTTPS_PROXY` for an `https` URL, and none when `no_proxy` (or `NO_PROXY`)
    /// names the host: `*`, the host itself, or a domain it is in (`example.com` and `.example.com` both match
    /// `api.example.com`). Ports and address ranges in `no_proxy`, and `ALL_PROXY`, are not read.
    ///
    /// The choice depends on the URL, so a redirect to another host may need another client:
    ///
    /// ```swift
    /// var configuration = HTTPClient.Configuration()
    /// configuration.proxy = try .environment(ProcessInfo.processInfo.environment, for: request)
    /// ```
    /// - Parameters:
    ///   - environment: The environment's variables.
    ///   - request: The request to send.
    /// - Returns: The proxy, or `nil` for none.
    /// - Throws: ``Wireform/SerializationError/Code/invalidURL`` for a variable that is not a proxy URL
    ///   AsyncHTTPClient can use: `Invalid proxy URL 'TEXT' in 'NAME': REASON`.
    public static func environment(
        _ environment: [String: String], for request: SerializedRequest
    ) throws(SerializationError) -> Self? {
        let isHTTPS = request.scheme.lowercased() == "https"
        let names = isHTTPS ? ["https_proxy", "HTTPS_PROXY"] : ["http_proxy"]
        guard let (name, text) = names.lazy.compactMap({ name in environment[name].map { (name, $0) } }).first,
            !text.isEmpty,
            !bypasses(host: host(of: request.authority), list: environment["no_proxy"] ?? environment["NO_PROXY"])
        else { return nil }
        do {
            return try Self(url: text)
        } catch {
            let prefix = "Invalid proxy URL \(SerializationError.quoted(Self.redactingUserInfo(text)))"
            throw SerializationError(
                .invalidURL, prefix + " in \(SerializationError.quoted(name))" + error.reason.dropFirst(prefix.count))
        }
    }

    /// A proxy URL as a message shows it: a password in its user information as `***` (`user:***@host`), the
    /// whole user information as `***` when it has no colon (it may be a token); the rest as it is.
    static func redactingUserInfo(_ text: String) -> String {
        let start: String.Index
        if let scheme = text.firstRange(of: "://") { start = scheme.upperBound } else { start = text.startIndex }
        let rest = text[start...]
        let end: String.Index =
            rest.firstIndex { (character: Character) -> Bool in
                character == "/" || character == "?" || character == "#"
            } ?? rest.endIndex
        guard let at = rest[..<end].lastIndex(of: "@") else { return text }
        let userInfo = rest[..<at]
        let shown: String
        if let colon = userInfo.firstIndex(of: ":") {
            shown = String(userInfo[..<colon]) + ":***"
        } else {
            shown = "***"
        }
        return String(text[..<start]) + shown + String(text[at...])
    }

    /// The host of an authority (`user@host:port`, `[::1]:8080`), lowercased, without brackets.
    static func host(of authority: String) -> String {
        var host = Substring(authority)
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if let colon = host.lastIndex(of: ":"), !host[colon...].contains("]") { host = host[..<colon] }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return host.lowercased()
    }

    /// Whether a `no_proxy` list names the host: `*`, the host itself, or a domain it is in.
    static func bypasses(host: String, list: String?) -> Bool {
        guard let list else { return false }
        for entry in list.split(separator: ",") {
            var domain = String(entry.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
                .lowercased()
            if domain == "*" { return true }
            if domain.hasPrefix(".") { domain.removeFirst() }
            if !domain.isEmpty && (host == domain || host.hasSuffix("." + domain)) { return true }
        }
        return false
    }
}
