import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A TLS server that offers HTTP/2 gets HTTP/2: Debian's `nghttpd` (package `nghttp2-server`) serves a file, and the
/// tool prints `HTTP/2 200 OK`, the fields and the body. Runs where `nghttpd` is installed.
@Suite(.serialized)
struct HTTP2Tests {
    /// Debian's HTTP/2 server.
    static let server = "/usr/sbin/nghttpd"

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: server)))
    func tlsServerOfferingHTTP2GetsHTTP2() throws {
        try Self.withServer { files, directory, port in
            let result = try ToolProcess.run(
                [
                    "GET", "https://127.0.0.1:\(port)/index.html", "--send", "--cacert", files.certificate, "-H",
                    "X-A: 1",
                ],
                in: directory.path)
            #expect(result.status == 0, "\(result.standardError)")
            let text = String(decoding: result.standardOutput, as: UTF8.self)
            #expect(text.hasPrefix("HTTP/2 200 OK\r\n"))
            #expect(text.contains("\r\ncontent-length: 14\r\n"))
            #expect(text.hasSuffix("\r\n\r\nhello over h2\n"))
        }
    }

    /// R6 (issue 39): the fields HTTP/2 forbids (RFC 9113, section 8.2.2), printed offline, are not sent over
    /// HTTP/2 (SwiftNIO leaves them out), and the tool says so on standard error.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: server)))
    func fieldsHTTP2CannotCarryAreReportedAsNotSent() throws {
        try Self.withServer { files, directory, port in
            let url = "https://127.0.0.1:\(port)/index.html"
            let fields = ["-H", "Connection: keep-alive", "-H", "Upgrade: h2c", "-H", "Keep-Alive: timeout=5"]
            let result = try ToolProcess.run(
                ["GET", url, "--send", "--cacert", files.certificate] + fields, in: directory.path)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(
                result.standardError
                    == "wireform: warning: not sent over HTTP/2, which forbids connection-specific fields (RFC 9113, "
                    + "section 8.2.2): 'Connection', 'Upgrade', 'Keep-Alive'\n")
            #expect(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("HTTP/2 200 OK\r\n"))
            // SwiftNIO refuses `TE` other than `trailers` instead of leaving it out: exit 3, said in Wireform's words.
            let te = try ToolProcess.run(
                ["GET", url, "--send", "--cacert", files.certificate, "-H", "TE: gzip"], in: directory.path)
            #expect(te.status == 3)
            #expect(
                te.standardError
                    == "wireform: Cannot send the request to '\(url)': the server speaks HTTP/2, which forbids the field "
                    + "'te' (only 'TE: trailers' can be sent) (RFC 9113, section 8.2.2)\n")
        }
    }

    /// Starts `nghttpd` on a free port with the test certificate, serving `index.html` ("hello over h2\n") from a
    /// new directory, runs `body` once it accepts connections, and stops it.
    private static func withServer(_ body: (TLSFiles, TestDirectory, UInt16) throws -> Void) throws {
        let files = try TLSFiles.require()
        let directory = try TestDirectory()
        try directory.write("index.html", "hello over h2\n")
        let port = try freePort()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = ["-d", directory.path, String(port), files.key, files.certificate]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        #expect(waitUntilListening(port: port))
        try body(files, directory, port)
    }

    /// A port nothing listens on now (the kernel's choice for a socket bound to port 0).
    private static func freePort() throws -> UInt16 {
        let listener = try SilentListener()
        return listener.port
    }

    /// Connects until the server accepts, at most 10 seconds (a bound for a broken test, not a pause).
    private static func waitUntilListening(port: UInt16) -> Bool {
        for _ in 0..<200 {
            let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = port.bigEndian
            let connected = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
                }
            }
            close(descriptor)
            if connected { return true }
            usleep(50_000)
        }
        return false
    }
}
