import Foundation
import Testing

/// The ten cases a hostile network and a hostile user found in `--send` on AsyncHTTPClient (issue 39), each a test
/// that failed before: every wait bounded by `--timeout`, TLS 1.2 at least, one retry where HTTP allows it, a changed
/// file never promised on the wire, the same rules offline and on the wire, and no secret in a message.
@Suite(.serialized)
struct HostileNetworkTests {
    /// R4: an upload to a server that accepts and never reads ends with `--timeout` (AsyncHTTPClient's write timer
    /// is not armed while the channel is not writable); it was still running after 60 seconds.
    @Test func uploadToANeverReadingServerTimesOut() throws {
        let directory = try TestDirectory()
        let server = try LocalServer(.silent, directory: directory.path)
        defer { server.stop() }
        try directory.write("ten.bin", [UInt8](repeating: 7, count: 10 << 20))
        let started = Date()
        let result = try ToolProcess.run(
            ["POST", server.url("/"), "--file", "f=@ten.bin", "--send", "--timeout", "2"], in: directory.path)
        #expect(result.status == 3)
        #expect(result.standardError == "wireform: The request to '\(server.url("/"))' timed out after 2 seconds\n")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    /// R5: interim `100 Continue` heads sent forever, during a GET or an upload, are no progress: `--timeout` ends
    /// the request (AsyncHTTPClient drops interim heads and resets its own read timer on each).
    @Test(arguments: [false, true])
    func interimResponseFloodTimesOut(upload: Bool) throws {
        let server = try HostileNetworkServer("continue-flood")
        defer { server.stop() }
        try server.directory.write("ten.bin", [UInt8](repeating: 7, count: 10 << 20))
        let arguments = upload ? ["POST", server.url("/"), "--file", "f=@ten.bin"] : ["GET", server.url("/")]
        let started = Date()
        let result = try ToolProcess.run(arguments + ["--send", "--timeout", "2"], in: server.directory.path)
        #expect(result.status == 3)
        #expect(result.standardError == "wireform: The request to '\(server.url("/"))' timed out after 2 seconds\n")
        #expect(Date().timeIntervalSince(started) < 20)
        #expect(result.standardOutput.isEmpty)
    }

    /// R1: a server that offers only TLS 1.0 and 1.1 is refused, even with `-k`, with a message naming TLS 1.2.
    @Test func serverOfferingOnlyTLS11IsRefused() throws {
        let files = try TLSFiles.require()
        let server = try HostileNetworkServer("tls11", arguments: [files.certificate, files.key])
        defer { server.stop() }
        let url = server.url("/", scheme: "https")
        let result = try ToolProcess.run(["GET", url, "--send", "-k", "--timeout", "10"], in: server.directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "wireform: Cannot send the request to '\(url)': the server offers only a TLS version older than TLS "
                    + "1.2 (TLS 1.0 or 1.1), and Wireform requires TLS 1.2 or later ("),
            "\(result.standardError)")
        #expect(!String(decoding: result.standardOutput, as: UTF8.self).contains("old tls"))
    }

    /// R3: a same-origin redirect whose kept-alive connection the server closes after the 3xx (without
    /// `Connection: close`, before a byte of the next response) is sent again on a fresh connection: a GET after
    /// 302, and a POST body replayed after 307.
    @Test(arguments: ["302", "307"])
    func redirectOnAConnectionClosedAfterTheRedirectIsRetried(status: String) throws {
        let server = try HostileNetworkServer("close-after-redirect", arguments: [status])
        defer { server.stop() }
        try server.directory.write("body.bin", [UInt8](repeating: 65, count: 1000))
        let arguments: [String] =
            status == "307" ? ["POST", server.url("/start"), "--file", "f=@body.bin"] : ["GET", server.url("/start")]
        let result = try ToolProcess.run(
            arguments + ["--send", "--follow", "--body-only", "--timeout", "10"], in: server.directory.path)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "final")
        let method = status == "307" ? "POST" : "GET"
        #expect(
            server.lines("lines") == [
                "\(method) /start HTTP/1.1", "\(method) /final HTTP/1.1", "\(method) /final HTTP/1.1",
            ])
    }

    /// R3: a POST that is not a replay is not retried: the error says what happened.
    @Test func firstPOSTOnAClosedConnectionIsNotRetried() throws {
        let directory = try TestDirectory()
        let server = try LocalServer(.reset, directory: directory.path)
        defer { server.stop() }
        let result = try ToolProcess.run(["POST", server.url("/x"), "-p", #"{"a":1}"#, "--send"], in: directory.path)
        #expect(result.status == 3)
        #expect(result.standardError.hasSuffix("the connection was closed before the response was complete\n"))
    }

    /// R2: a `--file` that changed size, was deleted or replaced before a 307 replay ends with exit 3 and the
    /// documented message, and no head of the replayed request goes out.
    @Test(arguments: [
        ("grow", "changed size from 4096 to 4100 bytes"), ("shrink", "changed size from 4096 to 1 bytes"),
        ("delete", "was removed"), ("replace", "was replaced"),
    ])
    func fileChangedBeforeAReplayIsNotPromised(change: String, wording: String) throws {
        let server = try HostileNetworkServer("change-file")
        defer { server.stop() }
        let path = try server.directory.write("same.bin", [UInt8](repeating: 65, count: 4096))
        let file = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path
        let result = try ToolProcess.run(
            [
                "POST", server.url("/start?change=\(change)&file=\(file)"), "--file", "f=@same.bin", "--send",
                "--follow", "--timeout", "10",
            ], in: server.directory.path)
        #expect(result.status == 3)
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let expected = [path, resolved].map { shown in
            "wireform: The redirect to '\(server.url("/final"))' was not followed: Part 'f': The file '\(shown)' "
                + "\(wording) since the body first read it, so the same body cannot be produced again\n"
        }
        #expect(expected.contains(result.standardError), "\(result.standardError)")
        #expect(server.lines("seen") == [])
    }

    /// R12: no message repeats a credential: proxy URLs (option and variables) with a bad port, a path or an
    /// `https:` scheme, credential headers with a control character or invalid UTF-8, URL user information with
    /// invalid UTF-8.
    @Test(arguments: [
        ["GET", "http://e.com/", "--send", "--proxy", "http://user:S3cr3t@127.0.0.1:99999"],
        ["GET", "http://e.com/", "--send", "--proxy", "https://user:S3cr3t@127.0.0.1:99"],
        ["GET", "http://e.com/", "--send", "--proxy", "http://user:S3cr3t@127.0.0.1:99/path"],
        ["GET", "http://e.com/", "-H", "Authorization: Bearer S3cr3t\u{1}"],
        ["GET", "http://e.com/", "-H", "Proxy-Authorization: Basic S3cr3t\r\nX: y"],
        ["GET", "http://e.com/", "-H", "Cookie: sid=S3cr3t\u{7F}"],
    ])
    func credentialsAreNotRepeatedInMessages(arguments: [String]) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(arguments, in: directory.path)
        #expect(result.status != 0)
        #expect(result.standardError.hasPrefix("wireform: "))
        #expect(!result.standardError.contains("S3cr3t"), "\(result.standardError)")
    }

    /// R12: the proxy variables, and arguments that are not UTF-8.
    @Test func credentialsInVariablesAndInvalidUTF8AreNotRepeated() throws {
        let directory = try TestDirectory()
        for (name, url) in [("http_proxy", "http://e.com/"), ("https_proxy", "https://e.com/")] {
            for proxy in ["http://user:S3cr3t@127.0.0.1:99999", "https://user:S3cr3t@127.0.0.1:1"] {
                let result = try ToolProcess.run(
                    ["GET", url, "--send", "--timeout", "5"], in: directory.path, environment: [name: proxy])
                #expect(result.status == 3)
                #expect(result.standardError.contains("user:***@127.0.0.1"), "\(result.standardError)")
                #expect(!result.standardError.contains("S3cr3t"), "\(result.standardError)")
            }
        }
        let invalid: [[UInt8]] = [
            Array("GET".utf8), Array("http://user:S3cr3t".utf8) + [0xFF] + Array("@e.com/".utf8),
        ]
        for header in ["Authorization: Bearer S3cr3t", "Cookie: a=S3cr3t", "proxy-authorization: S3cr3t"] {
            let result = try ToolProcess.run(
                bytes: [Array("GET".utf8), Array("http://e.com/".utf8), Array("-H".utf8), Array(header.utf8) + [0xFF]],
                in: directory.path)
            #expect(result.status == 2)
            #expect(!result.standardError.contains("S3cr3t"), "\(result.standardError)")
        }
        let result = try ToolProcess.run(bytes: invalid, in: directory.path)
        #expect(result.status == 2)
        #expect(!result.standardError.contains("S3cr3t"), "\(result.standardError)")
        #expect(result.standardError.contains("user:***@e.com"), "\(result.standardError)")
    }

    /// R7: `TRACE` with content is refused offline as with `--send` (RFC 9110, section 9.3.8), with Wireform's
    /// message, not AsyncHTTPClient's case name; without content it is printed.
    @Test func traceWithContentIsRefusedOfflineAndOnTheWire() throws {
        let directory = try TestDirectory()
        let message =
            "wireform: A TRACE request cannot carry content (RFC 9110, section 9.3.8); put its parameters in the "
            + "URL with '--uri-methods TRACE'\n"
        for extra in [[], ["--send"]] {
            let result = try ToolProcess.run(
                ["TRACE", "http://127.0.0.1:1/", "-p", #"{"a":1}"#] + extra, in: directory.path)
            #expect(result.status == 1)
            #expect(result.standardError == message)
            #expect(result.standardOutput.isEmpty)
        }
        let inURL = try ToolProcess.run(
            ["TRACE", "http://e.com/", "-p", #"{"a":1}"#, "--uri-methods", "TRACE"], in: directory.path)
        #expect(inURL.status == 0)
        #expect(String(decoding: inURL.standardOutput, as: UTF8.self).hasPrefix("TRACE /?a=1 HTTP/1.1\r\n"))
    }

    /// R14: `[` and `]` in the path and query are printed as every client sends them, `%5B` and `%5D`.
    @Test func bracketsArePrintedAsTheyAreSent() throws {
        let directory = try TestDirectory()
        let server = try LocalServer(.record, directory: directory.path)
        defer { server.stop() }
        let offline = try ToolProcess.run(["GET", server.url("/p[q]?a=[1]")], in: directory.path)
        #expect(
            String(decoding: offline.standardOutput, as: UTF8.self).hasPrefix("GET /p%5Bq%5D?a=%5B1%5D HTTP/1.1\r\n"))
        let sent = try ToolProcess.run(["GET", server.url("/p[q]?a=[1]"), "--send"], in: directory.path)
        #expect(sent.status == 0, "\(sent.standardError)")
        #expect(LocalServer.requests(in: directory.path).map(\.target) == ["/p%5Bq%5D?a=%5B1%5D"])
    }

    /// `--cacert` naming a file that does not exist says so.
    @Test func missingCACertificateFileIsNamedAsMissing() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["GET", "https://127.0.0.1:1/", "--send", "--cacert", "missing.pem"], in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError == "wireform: Invalid '--cacert' 'missing.pem': the file does not exist\n")
    }
}
