import AsyncHTTPClient
import Foundation
import NIOSSL
import Wireform
import WireformAsyncHTTPClient

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
            guard FileManager.default.fileExists(atPath: path) else {
                throw UsageError("Invalid '--cacert' \(quoted(path)): the file does not exist")
            }
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
                _ = try HTTPClient.Configuration.Proxy(url: proxy)
            } catch {
                // WireformAsyncHTTPClient says `Invalid proxy URL 'TEXT': REASON`; the tool names the option.
                let prefix: String = MessageRedaction.redacted("Invalid proxy URL \(quoted(proxy)): ")
                let reason = error.reason.dropFirst(prefix.count)
                throw UsageError("Invalid '--proxy' \(quoted(proxy)): \(reason)")
            }
        }
    }

    /// The TLS configuration: TLS 1.2 at least (WireformAsyncHTTPClient's default), the system's trust store, or
    /// the `--cacert` file, or no check with `-k`.
    var tlsConfiguration: TLSConfiguration {
        var configuration = TLSConfiguration.makeWireformClientConfiguration()
        if let caCertificatePath { configuration.trustRoots = .file(caCertificatePath) }
        if insecure { configuration.certificateVerification = .none }
        return configuration
    }

    /// The proxy for a request (`--proxy`, or WireformAsyncHTTPClient's reading of the environment), or `nil` to
    /// connect directly.
    /// - Throws: ``SendError`` for a proxy variable that is not a proxy URL AsyncHTTPClient can use.
    func proxy(for request: SerializedRequest) throws(SendError) -> HTTPClient.Configuration.Proxy? {
        do {
            if let proxy { return proxy.isEmpty ? nil : try HTTPClient.Configuration.Proxy(url: proxy) }
            return try HTTPClient.Configuration.Proxy.environment(environment, for: request)
        } catch {
            throw SendError(message: error.reason)
        }
    }
}
