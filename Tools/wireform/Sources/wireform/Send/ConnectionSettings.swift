import AsyncHTTPClient
import Foundation
import NIOSSL

/// The TLS and proxy settings of `--send`: `--cacert`, `-k`/`--insecure`, `--proxy` and the proxy variables of the
/// environment.
struct ConnectionSettings {
    /// `--cacert PATH`: the certificate authorities trusted instead of the system's (PEM).
    var caCertificatePath: String?
    /// `-k`: no check of the server's certificate.
    var insecure = false
    /// `--proxy URL`; an empty text means no proxy, whatever the environment says (as curl does).
    var proxy: String?
    /// The environment: `http_proxy`, `https_proxy` (or `HTTPS_PROXY`), `no_proxy` (or `NO_PROXY`).
    var environment: [String: String] = [:]

    /// Checks what can be checked before anything is opened: the `--cacert` file and the `--proxy` URL.
    /// - Throws: ``UsageError``.
    func validate() throws(UsageError) {
        if let path = caCertificatePath {
            do {
                guard !(try NIOSSLCertificate.fromPEMFile(path)).isEmpty else {
                    throw UsageError("Invalid '--cacert' \(quoted(path)): the file holds no PEM certificate")
                }
            } catch let error as UsageError {
                throw error
            } catch {
                throw UsageError("Invalid '--cacert' \(quoted(path)): not a readable PEM certificate file (\(error))")
            }
        }
        if let proxy, !proxy.isEmpty {
            do {
                _ = try ProxyChoice(text: proxy, source: "--proxy")
            } catch {
                throw UsageError(error.message)
            }
        }
    }

    /// The TLS configuration: the system's trust store, or the `--cacert` file, or no check with `-k`.
    var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let caCertificatePath { configuration.trustRoots = .file(caCertificatePath) }
        if insecure { configuration.certificateVerification = .none }
        return configuration
    }

    /// The proxy for a URL's scheme and host, or `nil` to connect directly.
    /// - Throws: ``SendError`` for a proxy variable that is not a proxy URL AsyncHTTPClient can use.
    func proxy(scheme: String, host: String) throws(SendError) -> ProxyChoice? {
        if let proxy {
            return proxy.isEmpty ? nil : try ProxyChoice(text: proxy, source: "--proxy")
        }
        let name = scheme == "https" ? "https_proxy" : "http_proxy"
        // curl reads `http_proxy` only in lower case: `HTTP_PROXY` may be set by a CGI request's `Proxy` header.
        let names = scheme == "https" ? [name, "HTTPS_PROXY"] : [name]
        guard let (source, text) = names.lazy.compactMap({ key in environment[key].map { (key, $0) } }).first,
            !text.isEmpty, !Self.bypasses(host: host, list: environment["no_proxy"] ?? environment["NO_PROXY"])
        else { return nil }
        return try ProxyChoice(text: text, source: source)
    }

    /// Whether `no_proxy` names the host: `*`, the host itself, or a domain it is in (`example.com` and
    /// `.example.com` both match `api.example.com`); ports and address ranges are not read.
    static func bypasses(host: String, list: String?) -> Bool {
        guard let list else { return false }
        let host = host.lowercased()
        for entry in list.split(separator: ",") {
            var domain = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if domain == "*" { return true }
            if domain.hasPrefix(".") { domain.removeFirst() }
            if !domain.isEmpty && (host == domain || host.hasSuffix("." + domain)) { return true }
        }
        return false
    }
}
