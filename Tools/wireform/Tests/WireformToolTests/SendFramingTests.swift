import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--send` sends exactly what the offline output shows: a body of known length with that `Content-Length` and no
/// `Transfer-Encoding` (on Linux too), the same body bytes, and no temporary upload file left behind.
@Suite(.serialized)
struct SendFramingTests {
    /// A body's shape: the arguments that make it, given the test directory.
    enum Body: String, CaseIterable {
        case form
        case smallMultipart
        case largeMultipart

        func arguments() -> [String] {
            switch self {
            case .form: return ["-p", #"{"user": {"name": "bang"}, "n": 1}"#]
            case .smallMultipart: return ["--field", "title=Report", "--file", "doc=@small.bin", "--boundary", "XyZ"]
            case .largeMultipart: return ["--field", "title=Report", "--file", "doc=@large.bin", "--boundary", "XyZ"]
            }
        }
    }

    @Test(arguments: Body.allCases)
    func knownLengthIsSentWithContentLength(body: Body) throws {
        let directory = try TestDirectory()
        try directory.write("small.bin", (0..<3000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        try directory.write("large.bin", (0..<(5 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 13 &+ $0 >> 9) })
        let temporary = try TestDirectory()
        let serverDirectory = try TestDirectory()
        let server = try LocalServer(.record, directory: serverDirectory.path)
        defer { server.stop() }
        let arguments = ["POST", server.url("/upload")] + body.arguments()

        let offline = try ToolProcess.run(arguments, in: directory.path)
        #expect(offline.status == 0)
        let lengths = messageHeaderLines(offline.standardOutput).filter { $0.hasPrefix("Content-Length: ") }
        let expectedBody = messageBody(offline.standardOutput)
        #expect(lengths == ["Content-Length: \(expectedBody.count)"])

        let sent = try ToolProcess.run(
            arguments + ["--send", "--body-only"], in: directory.path, environment: ["TMPDIR": temporary.path])
        #expect(sent.status == 0)
        #expect(sent.standardError == "")
        let recorded = try JSONDecoder().decode(RecordedRequest.self, from: Data(sent.standardOutput))
        #expect(recorded.values(of: "Content-Length") == ["\(expectedBody.count)"])
        #expect(recorded.values(of: "Transfer-Encoding") == [])
        let received = Array(try Data(contentsOf: URL(fileURLWithPath: serverDirectory.file(recorded.body))))
        #expect(received == expectedBody)
        #expect(try temporary.names() == [])
    }

    /// The server sees exactly the header lines the offline output shows: same names with the same case, same
    /// values, same order, nothing added (no Accept-Language, Accept-Encoding or Connection of URLSession's).
    @Test func offlineHeadersArriveUnchanged() throws {
        let directory = try TestDirectory()
        try directory.write("small.bin", "hello\n")
        let serverDirectory = try TestDirectory()
        let server = try LocalServer(.record, directory: serverDirectory.path)
        defer { server.stop() }
        let arguments =
            ["POST", server.url("/upload?x=1")] + Body.smallMultipart.arguments() + [
                "-H", "X-Test: 1", "-H", "x-lower: Kept",
            ]
        let offline = try ToolProcess.run(arguments, in: directory.path)
        let sent = try ToolProcess.run(arguments + ["--send", "--body-only"], in: directory.path)
        let recorded = try JSONDecoder().decode(RecordedRequest.self, from: Data(sent.standardOutput))
        #expect(recorded.target == "/upload?x=1")
        let offlineLines = messageHeaderLines(offline.standardOutput)
        #expect(offlineLines.contains("x-lower: Kept"))
        #expect(recorded.headers.map { "\($0[0]): \($0[1])" } == offlineLines)
    }
}
