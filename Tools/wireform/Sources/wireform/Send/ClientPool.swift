import AsyncHTTPClient
import Foundation
import NIOCore
import Wireform

/// The `HTTPClient`s of one `--send`: one per proxy choice (direct, or a proxy), made when first needed, so that a
/// redirect to a host that `no_proxy` names goes direct.
///
/// Each client follows no redirect (the tool applies its own rules), retries no failed connection, decompresses
/// nothing, and offers HTTP/2 to TLS servers. `--timeout` is its connect, read and write timeout: the longest wait
/// for any progress, not for the whole exchange.
final class ClientPool {
    /// TLS and proxies.
    private let settings: ConnectionSettings
    /// `--timeout`.
    private let timeout: TimeAmount
    /// The clients made so far, by proxy (`nil`: direct).
    private var clients: [HTTPClient.Configuration.Proxy?: HTTPClient] = [:]

    /// A pool that makes clients with these settings.
    init(settings: ConnectionSettings, timeout: Double) {
        self.settings = settings
        self.timeout = Self.timeAmount(timeout)
    }

    /// `--timeout` as a `TimeAmount`: at most 1,000,000 seconds (ArgumentValue.seconds), so it fits in nanoseconds.
    static func timeAmount(_ seconds: Double) -> TimeAmount {
        .nanoseconds(Int64((seconds * 1e9).rounded(.up)))
    }

    /// The client for a request's URL.
    /// - Throws: ``SendError`` for an invalid proxy variable.
    func client(for request: SerializedRequest) throws(SendError) -> HTTPClient {
        let choice = try settings.proxy(for: request)
        if let client = clients[choice] { return client }
        var configuration = HTTPClient.Configuration()
        configuration.tlsConfiguration = settings.tlsConfiguration
        configuration.redirectConfiguration = .disallow
        configuration.timeout = .init(connect: timeout, read: timeout, write: timeout)
        configuration.proxy = choice
        configuration.decompression = .disabled
        configuration.httpVersion = .automatic
        configuration.connectionPool.retryConnectionEstablishment = false
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        clients[choice] = client
        return client
    }

    /// Shuts every client down.
    func shutdown() async {
        for client in clients.values { try? await client.shutdown() }
        clients = [:]
    }

    /// The lowercased scheme and the host of a URL `--send` can send to.
    /// - Throws: ``SendError`` for another scheme or a URL without host.
    static func schemeAndHost(_ text: String) throws(SendError) -> (scheme: String, host: String) {
        guard let url = URL(string: text) else {
            throw SendError(url: text, reason: "it is not a URL Foundation reads")
        }
        let scheme = url.scheme?.lowercased() ?? ""
        guard scheme == "http" || scheme == "https" else {
            throw SendError(url: text, reason: "'--send' sends http and https URLs only")
        }
        guard let host = url.host, !host.isEmpty else { throw SendError(url: text, reason: "the URL has no host") }
        return (scheme, host)
    }
}
