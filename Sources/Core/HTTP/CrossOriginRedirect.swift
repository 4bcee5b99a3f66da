#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The one rule for credentials on a redirect, shared by `wireform --follow` and WireformFoundation's uploader (as
/// curl and browsers do it, RFC 6454 and Fetch §4.4): when the origin — scheme, host or port, with the default port
/// filled in — changes, `Authorization`, `Proxy-Authorization` and `Cookie` are not sent again.
public enum CrossOriginRedirect {
    /// The fields that never go to another origin.
    public static let credentialFields: [HeaderFields.Name] = [.authorization, .proxyAuthorization, .cookie]

    /// Whether two URLs have the same origin: scheme and host compared without case, ports with the scheme's
    /// default filled in (443 for `https`, 80 otherwise).
    public static func isSameOrigin(_ first: URL, _ second: URL) -> Bool {
        origin(of: first) == origin(of: second)
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
