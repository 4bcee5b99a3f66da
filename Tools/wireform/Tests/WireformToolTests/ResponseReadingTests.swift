import Foundation
import Testing

/// `--send` reads the response as HTTP/1.1 requires: interim responses skipped, chunked coding removed, and a
/// response that is not valid HTTP is one line and exit status 3, with nothing written.
@Suite(.serialized)
struct ResponseReadingTests {
    @Test func malformedResponseIsOneLine() throws {
        let servers = try RedirectTests.Servers()
        let result = try ToolProcess.run(
            ["GET", servers.first.url("/malformed"), "--send"], in: servers.directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError
                == "wireform: Cannot send the request to '\(servers.first.url("/malformed"))': the response is not "
                + "valid HTTP: its status line is not 'HTTP/1.1 NNN reason'\n")
    }

    /// Interim responses are skipped, chunked transfer coding is removed (extensions and trailers too), and the
    /// head is printed with its fields as the server sent them.
    @Test func chunkedResponseIsDecodedAfterAnInterimResponse() throws {
        let servers = try RedirectTests.Servers()
        let result = try ToolProcess.run(["GET", servers.first.url("/chunked"), "--send"], in: servers.directory.path)
        #expect(result.status == 0)
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self)
                == "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nHello, world")
    }

    @Test func conflictingContentLengthsAreAnInvalidResponse() throws {
        let servers = try RedirectTests.Servers()
        let result = try ToolProcess.run(
            ["GET", servers.first.url("/bad-length"), "--send"], in: servers.directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasSuffix(
                "the response is not valid HTTP: its Content-Length is not one valid number\n"))
        #expect(result.standardOutput == [])
    }
}
