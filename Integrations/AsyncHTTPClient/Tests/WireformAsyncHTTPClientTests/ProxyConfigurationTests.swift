import AsyncHTTPClient
import Foundation
import Testing
import Wireform
import WireformAsyncHTTPClient

/// `HTTPClient.Configuration.Proxy(url:)` and `.environment(_:for:)`: proxy URLs and the proxy variables read as curl
/// reads them (moved from `wireform --proxy`).
@Suite struct ProxyConfigurationTests {
    typealias Proxy = HTTPClient.Configuration.Proxy

    @Test(arguments: [
        ("http://proxy.example:3128", Proxy.server(host: "proxy.example", port: 3128)),
        ("proxy.example:8080", .server(host: "proxy.example", port: 8080)),
        ("http://proxy.example", .server(host: "proxy.example", port: 80)),
        ("http://[::1]:3128/", .server(host: "::1", port: 3128)),
        ("socks5://127.0.0.1", .socksServer(host: "127.0.0.1", port: 1080)),
        ("socks5h://127.0.0.1:9050", .socksServer(host: "127.0.0.1", port: 9050)),
        (
            "http://user:p%40ss@proxy.example:3128",
            .server(host: "proxy.example", port: 3128, authorization: .basic(username: "user", password: "p@ss"))
        ),
    ])
    func proxyURLIsRead(text: String, expected: Proxy) throws {
        #expect(try Proxy(url: text) == expected)
    }

    @Test(arguments: [
        (
            "https://127.0.0.1:1",
            "AsyncHTTPClient cannot speak TLS to a proxy; use an 'http://' proxy (it tunnels https)"
        ),
        ("socks5://u:p@127.0.0.1:1", "AsyncHTTPClient has no SOCKS authentication"),
        ("ftp://127.0.0.1:1", "expected an 'http://' or 'socks5://' proxy URL"),
        ("http://proxy:0", "the port 0 is not 1 to 65535"),
        ("http://proxy:3128/path", "a proxy URL has no path, query or fragment"),
        ("http://", "expected a proxy URL such as 'http://proxy.example:3128'"),
    ])
    func proxyURLThatAsyncHTTPClientCannotUseIsRefused(text: String, reason: String) throws {
        let error = #expect(throws: SerializationError.self) { try Proxy(url: text) }
        #expect(error?.code == .invalidURL)
        let shown = text.replacingOccurrences(of: "u:p@", with: "u:***@")
        #expect(error?.reason == "Invalid proxy URL '\(shown)': \(reason)")
    }

    /// R12 (issue 39): a refused proxy URL's password (or a user name without one, which may be a token) is never
    /// repeated in the message, from the text or from the environment.
    @Test(arguments: [
        ("http://user:S3cr3t@127.0.0.1:99999", "'http://user:***@127.0.0.1:99999'"),
        ("https://user:S3cr3t@127.0.0.1:99", "'https://user:***@127.0.0.1:99'"),
        ("http://user:S3cr3t@127.0.0.1:99/path", "'http://user:***@127.0.0.1:99/path'"),
        ("http://S3cr3t@127.0.0.1:0", "'http://***@127.0.0.1:0'"),
        ("user:S3cr3t@127.0.0.1:0", "'user:***@127.0.0.1:0'"),
    ])
    func proxyCredentialsAreNotRepeated(text: String, shown: String) throws {
        let error = #expect(throws: SerializationError.self) { try Proxy(url: text) }
        #expect(error?.reason.hasPrefix("Invalid proxy URL \(shown): ") == true, "\(error?.reason ?? "")")
        #expect(error?.reason.contains("S3cr3t") == false)
        let request = try SerializedRequest(method: .get, url: "http://api.example.com/")
        let fromVariable = #expect(throws: SerializationError.self) {
            try Proxy.environment(["http_proxy": text], for: request)
        }
        #expect(fromVariable?.reason.hasPrefix("Invalid proxy URL \(shown) in 'http_proxy': ") == true)
        #expect(fromVariable?.reason.contains("S3cr3t") == false)
    }

    static let proxies = [
        "http_proxy": "http://plain:3128", "https_proxy": "http://secure:3128", "HTTP_PROXY": "http://cgi:1",
    ]

    @Test(arguments: [
        ("http://api.example.com/", [:], nil),
        ("http://api.example.com/", proxies, Proxy.server(host: "plain", port: 3128)),
        ("https://api.example.com/", proxies, .server(host: "secure", port: 3128)),
        // `HTTP_PROXY` is never read (a CGI request's `Proxy` header sets it); `HTTPS_PROXY` is.
        ("http://api.example.com/", ["HTTP_PROXY": "http://cgi:1"], nil),
        ("https://api.example.com/", ["HTTPS_PROXY": "http://upper:1"], .server(host: "upper", port: 1)),
        ("https://api.example.com/", ["https_proxy": ""], nil),
        ("https://api.example.com/", proxies.merging(["no_proxy": "example.com"]) { $1 }, nil),
        ("https://API.example.com:8443/", proxies.merging(["NO_PROXY": " .example.com "]) { $1 }, nil),
        ("https://user@127.0.0.1:8443/", proxies.merging(["no_proxy": "x.org, 127.0.0.1"]) { $1 }, nil),
        ("https://[::1]:8443/", proxies.merging(["no_proxy": "::1"]) { $1 }, nil),
        ("https://api.example.com/", proxies.merging(["no_proxy": "*"]) { $1 }, nil),
        (
            "https://example.community/", proxies.merging(["no_proxy": "example.com"]) { $1 },
            .server(host: "secure", port: 3128)
        ),
    ])
    func environmentChoosesTheProxyForTheURL(url: String, environment: [String: String], expected: Proxy?) throws {
        let request = try SerializedRequest(method: .get, url: url)
        #expect(try Proxy.environment(environment, for: request) == expected)
    }

    @Test func invalidProxyVariableIsNamed() throws {
        let request = try SerializedRequest(method: .get, url: "https://api.example.com/")
        let error = #expect(throws: SerializationError.self) {
            try Proxy.environment(["https_proxy": "https://p:1"], for: request)
        }
        #expect(
            error?.reason
                == "Invalid proxy URL 'https://p:1' in 'https_proxy': AsyncHTTPClient cannot speak TLS to a proxy; use "
                + "an 'http://' proxy (it tunnels https)")
    }
}
