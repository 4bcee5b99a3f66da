import Foundation
import Testing

/// `--send` follows redirects only with `--follow`, as curl does: 307 and 308 resend the same body, 301/302 on POST
/// and 303 become a `GET` without body, and credentials never reach another origin; over plain HTTP and over TLS
/// (a local server with a certificate the test makes, trusted with `--cacert`). The rule itself, row by row, is
/// tested where it lives: `SerializedRequestRedirectTests` at the root; here each credential and each status, plain
/// and TLS, is sent once through the tool.
@Suite(.serialized)
struct RedirectTests {
    /// How credentials are given.
    enum Credentials: String, CaseIterable {
        case userInfo
        case bearer
        case cookie

        /// The arguments, and the URL with user information when that is the way.
        func apply(to url: String) -> (url: String, arguments: [String], header: String, value: String) {
            switch self {
            case .userInfo:
                return (
                    url.replacingOccurrences(of: "://", with: "://user:pw@"), [], "Authorization",
                    "Basic dXNlcjpwdw=="
                )
            case .bearer: return (url, ["--bearer", "TOPSECRET"], "Authorization", "Bearer TOPSECRET")
            case .cookie: return (url, ["-H", "Cookie: sid=S3CRET"], "Cookie", "sid=S3CRET")
            }
        }
    }

    /// Two record servers: `first` answers the redirect, `second` is where it points.
    final class Servers {
        let directory: TestDirectory
        let firstDirectory: TestDirectory
        let secondDirectory: TestDirectory
        let first: LocalServer
        let second: LocalServer
        /// `--cacert` and the certificate for TLS servers; nothing for plain HTTP.
        let trust: [String]

        init(tls: Bool = false) throws {
            directory = try TestDirectory()
            firstDirectory = try TestDirectory()
            secondDirectory = try TestDirectory()
            let files = tls ? try TLSFiles.require() : nil
            first = try LocalServer(.record, directory: firstDirectory.path, tls: files)
            second = try LocalServer(.record, directory: secondDirectory.path, tls: files)
            trust = files.map { ["--cacert", $0.certificate] } ?? []
        }

        /// A URL on `second` under the host name `localhost`: another origin than `first`'s `127.0.0.1`.
        func secondURL(_ path: String) -> String { second.localhostURL(path) }

        deinit {
            first.stop()
            second.stop()
        }

        /// A path on `first` that redirects with `status` to `location`.
        func redirect(_ status: Int, to location: String, early: Bool = false) -> String {
            let encoded = location.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? location
            return first.url("/\(early ? "early" : "redirect")/\(status)?to=\(encoded)")
        }

        var firstRequests: [RecordedRequest] { LocalServer.requests(in: firstDirectory.path) }
        var secondRequests: [RecordedRequest] { LocalServer.requests(in: secondDirectory.path) }

        func secondBody(_ request: RecordedRequest) throws -> [UInt8] { try secondDirectory.contents(request.body) }
    }

    @Test(arguments: zip(Credentials.allCases + [.bearer], [(302, false), (307, false), (302, true), (307, true)]))
    func crossOriginRedirectDropsCredentials(credentials: Credentials, status: (Int, Bool)) throws {
        let servers = try Servers(tls: status.1)
        // 127.0.0.1 and localhost are different origins (the host differs), though both reach this machine.
        let target = servers.secondURL("/dest")
        let (url, arguments, header, value) = credentials.apply(to: servers.redirect(status.0, to: target))
        let result = try ToolProcess.run(
            ["GET", url, "--send", "--follow", "--body-only"] + arguments + servers.trust, in: servers.directory.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(servers.firstRequests.first?.values(of: header) == [value])
        let arrived = try #require(servers.secondRequests.first)
        #expect(arrived.target == "/dest")
        #expect(arrived.values(of: "Authorization") == [])
        #expect(arrived.values(of: "Cookie") == [])
        #expect(arrived.values(of: "Host") == ["localhost:\(servers.second.port)"])
    }

    @Test(arguments: zip(Credentials.allCases, [false, true, true]))
    func sameOriginRedirectKeepsCredentials(credentials: Credentials, tls: Bool) throws {
        let servers = try Servers(tls: tls)
        let (url, arguments, header, value) = credentials.apply(to: servers.redirect(302, to: "/dest?x=1"))
        let result = try ToolProcess.run(
            ["GET", url, "--send", "--follow", "--body-only"] + arguments + servers.trust, in: servers.directory.path)
        #expect(result.status == 0, "\(result.standardError)")
        let requests = servers.firstRequests
        #expect(requests.count == 2)
        #expect(requests.last?.target == "/dest?x=1")
        #expect(requests.last?.values(of: header) == [value])
    }

    /// 307 and 308 resend the same method and exactly the same body, also when the redirect came before the body
    /// was read, and for a 10 MB file streamed from disk.
    @Test(arguments: [(307, false), (308, true)], [false, true])
    func temporaryAndPermanentRedirectsResendTheBody(status: (Int, Bool), tls: Bool) throws {
        let (status, early) = status
        let servers = try Servers(tls: tls)
        let large = (0..<(10 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        try servers.directory.write("ten.bin", large)
        let target = servers.secondURL("/dest")
        for arguments in [["-p", #"{"a":"b"}"#], ["--file", "f=@ten.bin", "--boundary", "XyZ"]] {
            let url = servers.redirect(status, to: target, early: early)
            let offline = try ToolProcess.run(["POST", url] + arguments, in: servers.directory.path)
            let expected = messageBody(offline.standardOutput)
            let lengths = messageHeaderLines(offline.standardOutput).filter { $0.hasPrefix("Content-Length: ") }
            let result = try ToolProcess.run(
                ["POST", url, "--send", "--follow", "--body-only", "--timeout", "10"] + arguments + servers.trust,
                in: servers.directory.path)
            #expect(result.status == 0, "\(result.standardError)")
            let arrived = try #require(servers.secondRequests.last)
            #expect(arrived.method == "POST")
            #expect(["Content-Length: \(arrived.values(of: "Content-Length").joined())"] == lengths)
            #expect(try servers.secondBody(arrived) == expected)
        }
    }

    @Test(arguments: [301, 302, 303], [false, true])
    func postRedirectBecomesGetWithoutBody(status: Int, tls: Bool) throws {
        let servers = try Servers(tls: tls)
        let url = servers.redirect(status, to: servers.secondURL("/dest"))
        let result = try ToolProcess.run(
            ["POST", url, "-p", #"{"a":"b"}"#, "--send", "--follow", "--body-only", "--timeout", "10"]
                + servers.trust,
            in: servers.directory.path)
        #expect(result.status == 0, "\(result.standardError)")
        let arrived = try #require(servers.secondRequests.first)
        #expect(arrived.method == "GET")
        #expect(arrived.values(of: "Content-Length") == [])
        #expect(arrived.values(of: "Content-Type") == [])
        #expect(arrived.values(of: "Transfer-Encoding") == [])
        #expect(try servers.secondBody(arrived) == [])
    }

    @Test func redirectIsPrintedAndNotFollowedByDefault() throws {
        let servers = try Servers()
        let target = "http://localhost:\(servers.second.port)/dest"
        let result = try ToolProcess.run(
            ["GET", servers.redirect(302, to: target), "--send"], in: servers.directory.path)
        #expect(result.status == 0)
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        // The standard reason phrase: SwiftNIO keeps none of the server's ("Redirect").
        #expect(text == "HTTP/1.1 302 Found\r\nLocation: \(target)\r\nContent-Length: 0\r\n\r\n")
        #expect(servers.secondRequests.isEmpty)
    }

    @Test func redirectsStopAtTheLimit() throws {
        let servers = try Servers()
        // Two redirects in a row, with at most one allowed.
        let url = servers.redirect(307, to: servers.redirect(307, to: "/x"))
        let result = try ToolProcess.run(
            ["GET", url, "--send", "--follow", "--max-redirects", "1"], in: servers.directory.path)
        #expect(result.status == 3)
        #expect(result.standardError.hasSuffix(": too many redirects (more than 1)\n"))
        #expect(result.standardOutput == [])
        #expect(servers.firstRequests.count == 2)
    }
}
