import Foundation
import Testing

/// Over HTTP/1.1, plain and TLS, the server receives exactly the bytes the offline output shows: the SHA-256 of what
/// the server read (head and body, framing included) is the SHA-256 of the printed request.
@Suite(.serialized)
struct SendExactBytesTests {
    /// A request's shape: the arguments after METHOD and URL.
    static let shapes: [(method: String, arguments: [String])] = [
        ("GET", ["-p", #"{"q": "a b", "n": [1, 2]}"#, "-H", "X-Trace: 1"]),
        ("POST", ["-p", #"{"user": {"name": "bang"}}"#, "-H", "x-lower: Kept", "--bearer", "t0k"]),
        ("PUT", ["-f", "json", "-p", #"{"a": [true, null]}"#]),
        ("POST", ["--field", "title=Report", "--file", "doc=@small.bin", "--boundary", "XyZ"]),
        ("POST", []),
    ]

    /// Each shape over plain HTTP and TLS: the server's SHA-256 of the bytes it read is the printed request's.
    @Test(arguments: 0..<shapes.count, [false, true])
    func serverReceivesThePrintedBytes(shape: Int, tls: Bool) throws {
        let (method, arguments) = Self.shapes[shape]
        let directory = try TestDirectory()
        try directory.write("small.bin", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        let serverDirectory = try TestDirectory()
        let files = tls ? try TLSFiles.require() : nil
        let server = try LocalServer(.record, directory: serverDirectory.path, tls: files)
        defer { server.stop() }
        let command = [method, server.url("/raw")] + arguments

        let printed = try ToolProcess.run(command + ["-o", "printed.http"], in: directory.path)
        #expect(printed.status == 0, "\(printed.standardError)")
        let sent = try ToolProcess.run(
            command + ["--send", "--body-only"] + (files.map { ["--cacert", $0.certificate] } ?? []),
            in: directory.path)
        #expect(sent.status == 0, "\(sent.standardError)")
        let recorded = try JSONDecoder().decode(RecordedRequest.self, from: Data(sent.standardOutput))
        let received = try serverDirectory.contents(try #require(recorded.raw))
        #expect(recorded.sha256 == (try sha256(of: directory.file("printed.http"))))
        #expect(
            String(decoding: received, as: UTF8.self)
                == String(decoding: try directory.contents("printed.http"), as: UTF8.self))
    }

    /// `-k` sends to the same TLS server without `--cacert`; without either, the send fails with a message about the
    /// certificate, exit status 3.
    @Test func insecureSkipsTheCertificateCheckAndItsAbsenceFails() throws {
        let directory = try TestDirectory()
        let serverDirectory = try TestDirectory()
        let server = try LocalServer(.record, directory: serverDirectory.path, tls: try TLSFiles.require())
        defer { server.stop() }

        let insecure = try ToolProcess.run(
            ["GET", server.url("/raw"), "--send", "--body-only", "-k"], in: directory.path)
        #expect(insecure.status == 0, "\(insecure.standardError)")
        #expect(LocalServer.requests(in: serverDirectory.path).count == 1)

        let checked = try ToolProcess.run(["GET", server.url("/raw"), "--send"], in: directory.path)
        #expect(checked.status == 3)
        #expect(
            checked.standardError.hasPrefix(
                "wireform: Cannot send the request to '\(server.url("/raw"))': "
                    + "the server's TLS certificate is not trusted ("))
        #expect(
            checked.standardError.hasSuffix(
                "give the authority that signed it with '--cacert PATH', or skip the check with '-k'\n"))
        #expect(checked.standardOutput == [])
        #expect(LocalServer.requests(in: serverDirectory.path).count == 1)
    }

    /// A `--cacert` that is not a PEM certificate is a usage error, before anything is sent.
    @Test func unreadableCACertificateIsAUsageError() throws {
        let directory = try TestDirectory()
        try directory.write("not-a-cert.pem", "hello\n")
        let result = try ToolProcess.run(
            ["GET", "https://127.0.0.1:1/", "--send", "--cacert", "not-a-cert.pem"], in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("wireform: Invalid '--cacert' 'not-a-cert.pem': "))
    }

    /// The SHA-256 of a file, by `sha256sum`.
    private func sha256(of path: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sha256sum", path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return String(text.prefix { $0 != " " })
    }
}
