import Foundation
import Testing

/// `--send` failures are one plain line each with exit status 3; `--timeout` bounds a request that makes no
/// progress.
@Suite struct SendErrorTests {
    @Test func silentServerTimesOut() throws {
        let directory = try TestDirectory()
        let server = try LocalServer(.silent, directory: directory.path)
        defer { server.stop() }
        let started = Date()
        let result = try ToolProcess.run(["GET", server.url("/x"), "--send", "--timeout", "1"], in: directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError == "wireform: The request to '\(server.url("/x"))' timed out after 1 second\n")
        #expect(Date().timeIntervalSince(started) < 20)
    }

    @Test func refusedConnectionIsOneLine() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://127.0.0.1:1/", "--send"], in: directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError
                == "wireform: Cannot send the request to 'http://127.0.0.1:1/': could not connect to the server\n")
        #expect(result.standardOutput == [])
    }

    @Test func resetConnectionIsOneLine() throws {
        let directory = try TestDirectory()
        let server = try LocalServer(.reset, directory: directory.path)
        defer { server.stop() }
        let result = try ToolProcess.run(["GET", server.url("/x"), "--send"], in: directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError
                == "wireform: Cannot send the request to '\(server.url("/x"))': the connection was closed before the "
                + "response was complete\n")
    }

    @Test(arguments: ["0", "-1", "abc", "nan", "inf"])
    func invalidTimeoutIsAUsageError(value: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/", "--timeout", value], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The value \(quotedForMessage(value)) is invalid for '--timeout <SECONDS>': expected a "
                + "positive number of seconds\n"
        )
    }

    /// URLSession on Linux traps on a timeout of 1e300 seconds and never times out with one below a millisecond.
    @Test(arguments: ["1e300", "1000001", "0.0009"])
    func timeoutOutOfRangeIsAUsageError(value: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["GET", "http://127.0.0.1:1/", "--send", "--timeout", value], in: directory.path)
        #expect(result.signal == nil)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The value \(quotedForMessage(value)) is invalid for '--timeout <SECONDS>': expected at "
                + "least 0.001 and at most 1000000 seconds\n")
    }
}
