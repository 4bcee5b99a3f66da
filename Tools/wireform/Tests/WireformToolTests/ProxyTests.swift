import Foundation
import Testing

/// `--proxy URL`, and `http_proxy` / `https_proxy` / `no_proxy` from the environment, through AsyncHTTPClient's
/// proxy support (a `CONNECT` tunnel, for `http` and `https` alike).
@Suite(.serialized)
struct ProxyTests {
    /// `--proxy` carries plain and TLS requests, both through a `CONNECT` tunnel.
    @Test(arguments: [false, true])
    func proxyOptionCarriesTheRequest(tls: Bool) throws {
        let directory = try TestDirectory()
        let serverDirectory = try TestDirectory()
        let files = tls ? try TLSFiles.require() : nil
        let server = try LocalServer(.record, directory: serverDirectory.path, tls: files)
        defer { server.stop() }
        let proxyDirectory = try TestDirectory()
        let proxy = try LocalProxy(directory: proxyDirectory.path)
        defer { proxy.stop() }
        let result = try ToolProcess.run(
            ["GET", server.url("/via"), "--send", "--body-only", "--proxy", proxy.url]
                + (files.map { ["--cacert", $0.certificate] } ?? []),
            in: directory.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(LocalServer.requests(in: serverDirectory.path).map(\.target) == ["/via"])
        // AsyncHTTPClient tunnels `http` through the proxy with CONNECT too: the server gets the printed bytes.
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"])
    }

    /// `https_proxy` is used; `no_proxy` naming the host, or `--proxy ''`, goes direct.
    @Test func environmentProxyIsUsedUnlessNoProxyNamesTheHost() throws {
        let directory = try TestDirectory()
        let serverDirectory = try TestDirectory()
        let files = try TLSFiles.require()
        let server = try LocalServer(.record, directory: serverDirectory.path, tls: files)
        defer { server.stop() }
        let proxyDirectory = try TestDirectory()
        let proxy = try LocalProxy(directory: proxyDirectory.path)
        defer { proxy.stop() }
        let arguments = ["GET", server.url("/env"), "--send", "--body-only", "--cacert", files.certificate]

        let proxied = try ToolProcess.run(arguments, in: directory.path, environment: ["https_proxy": proxy.url])
        #expect(proxied.status == 0, "\(proxied.standardError)")
        #expect(proxy.requestLines == ["CONNECT 127.0.0.1:\(server.port) HTTP/1.1"])

        let direct = try ToolProcess.run(
            arguments, in: directory.path, environment: ["https_proxy": proxy.url, "no_proxy": "example.com,127.0.0.1"])
        #expect(direct.status == 0, "\(direct.standardError)")
        let emptyOption = try ToolProcess.run(
            arguments + ["--proxy", ""], in: directory.path, environment: ["https_proxy": proxy.url])
        #expect(emptyOption.status == 0, "\(emptyOption.standardError)")
        #expect(proxy.requestLines.count == 1)
        #expect(LocalServer.requests(in: serverDirectory.path).count == 3)
    }

    /// Proxies AsyncHTTPClient cannot use are usage errors that say why.
    @Test(arguments: [
        ("https://127.0.0.1:1", "AsyncHTTPClient cannot speak TLS to a proxy"),
        ("socks5://u:p@127.0.0.1:1", "AsyncHTTPClient has no SOCKS authentication"),
        ("ftp://127.0.0.1:1", "expected an 'http://' or 'socks5://' proxy URL"),
    ])
    func unsupportedProxyIsAUsageError(proxy: String, reason: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["GET", "http://127.0.0.1:1/", "--send", "--proxy", proxy], in: directory.path)
        #expect(result.status == 2)
        // The password is never repeated (issue 39, R12).
        let shown = proxy.replacingOccurrences(of: "u:p@", with: "u:***@")
        #expect(result.standardError.hasPrefix("wireform: Invalid '--proxy' '\(shown)': \(reason)"))
    }
}
