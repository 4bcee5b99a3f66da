#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The one rule for credentials on a redirect, shared by ``SerializedRequest/redirected(status:location:)`` (which
/// `wireform --follow` and WireformAsyncHTTPClient follow) and WireformFoundation's uploader (as curl and browsers do
/// it, RFC 6454 and Fetch §4.4): when the origin — scheme, host or port, with the default port filled in — changes,
/// `Authorization`, `Proxy-Authorization` and `Cookie` are not sent again.
public enum CrossOriginRedirect {
    /// The fields that never go to another origin.
    public static let credentialFields: [HeaderFields.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// Whether two URLs have the same origin: scheme and host compared without case, ports with the scheme's
    /// default filled in (443 for `https`, 80 otherwise).
    public static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        origin(of: first) == origin(of: second)
    }

    /// Whether two requests' URLs have the same origin, read from their text as Wireform wrote it (no `URL` is
    /// made): the same comparison as ``isSameOrigin(_:_:)``, user information left out.
    static func isSameOrigin(_ first: SerializedRequest, _ second: SerializedRequest) -> Bool {
        origin(scheme: first.scheme, authority: first.authority)
            == origin(scheme: second.scheme, authority: second.authority)
    }

    /// The origin of a checked URL's scheme and authority (`user@host:port`, `[::1]:8080`).
    private static func origin(scheme: String, authority: String) -> Origin {
        let scheme = scheme.lowercased()
        var hostAndPort = Substring(authority)
        if let at = hostAndPort.lastIndex(of: "@") { hostAndPort = hostAndPort[hostAndPort.index(after: at)...] }
        var host = hostAndPort
        var port: Int?
        // The port follows the last `:` that is not inside an IPv6 literal's brackets.
        if let colon = hostAndPort.lastIndex(of: ":"), !hostAndPort[colon...].contains("]") {
            host = hostAndPort[..<colon]
            port = Int(hostAndPort[hostAndPort.index(after: colon)...])
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = host.dropFirst().dropLast() }
        return Origin(scheme: scheme, host: host.lowercased(), port: port ?? (scheme == "https" ? 443 : 80))
    }

    private static func origin(of url: URL) -> Origin {
        let scheme = url.scheme?.lowercased() ?? ""
        return Origin(
            scheme: scheme, host: url.host?.lowercased() ?? "", port: url.port ?? (scheme == "https" ? 443 : 80))
    }

    private struct Origin: Equatable {
        let scheme: String
        let host: String
        let port: Int
    }
}
