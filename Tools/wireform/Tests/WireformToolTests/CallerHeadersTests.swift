import Foundation
import Testing

/// The caller's `Content-Type` and framing headers on the command line (issue 12).
@Suite struct CallerHeadersTests {
    private func run(_ arguments: [String]) throws -> ToolProcess.Result {
        let directory = try TestDirectory()
        return try ToolProcess.run(arguments + ["--no-default-headers"], in: directory.path)
    }

    private func lines(_ result: ToolProcess.Result) -> [String] {
        String(decoding: result.standardOutput, as: UTF8.self).components(separatedBy: "\r\n")
    }

    @Test func aHeaderContentTypeIsSentVerbatimWithTheChosenFormat() throws {
        let plain = try run(["POST", "https://e.com/a", "-H", "Content-Type: text/plain", "-p", #"{"a": 1}"#])
        #expect(plain.status == 0)
        #expect(
            lines(plain) == [
                "POST /a HTTP/1.1", "Host: e.com", "Content-Type: text/plain", "Content-Length: 3", "", "a=1",
            ])
        let json = try run([
            "POST", "https://e.com/a", "-H", "Content-Type: not a media type", "-f", "json", "-p", "{}",
        ])
        #expect(json.status == 0)
        #expect(lines(json).contains("Content-Type: not a media type"))
        #expect(lines(json).last == "{}")
    }

    @Test func anExplicitFormatWinsOverTheFormatOfTheHeaderType() throws {
        // `-f json` chose the format; the header's registered format (form) only applies when no `-f` is given.
        let json = try run([
            "POST", "https://e.com/a", "-H", "Content-Type: application/x-www-form-urlencoded", "-f", "json", "-p",
            #"{"a": 1}"#,
        ])
        #expect(json.status == 0)
        #expect(
            lines(json) == [
                "POST /a HTTP/1.1", "Host: e.com", "Content-Type: application/x-www-form-urlencoded",
                "Content-Length: 7", "", #"{"a":1}"#,
            ])
        let form = try run([
            "POST", "https://e.com/a", "-H", "Content-Type: application/x-www-form-urlencoded", "-p", #"{"a": 1}"#,
        ])
        #expect(lines(form).last == "a=1")
        let byHeader = try run(["POST", "https://e.com/a", "-H", "Content-Type: application/json", "-p", #"{"a": 1}"#])
        #expect(lines(byHeader).last == #"{"a":1}"#)
    }

    @Test func dashTStillPicksTheFormatThroughTheRegistry() throws {
        let result = try run(["POST", "https://e.com", "-t", "text/csv", "-p", "{}"])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("wireform: No serializer registered for 'text/csv'"))
    }

    @Test func partsUnderAHeaderTypeThatIsNotMultipartAreAUsageError() throws {
        let result = try run(["POST", "https://e.com", "-H", "Content-Type: text/plain", "--field", "a=b"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: '--field' and '--file' make a multipart body, but the request's Content-Type is "
                + "'text/plain'\n")
    }

    @Test func aContentLengthThatIsNotTheBodysIsAnError() throws {
        let result = try run(["POST", "https://e.com", "-H", "Content-Length: 10", "-p", #"{"a": 1}"#])
        #expect(result.status == 1)
        #expect(result.standardError == "wireform: The request's Content-Length is 10 but the body is 3 bytes long\n")
        let matching = try run(["POST", "https://e.com", "-H", "Content-Length: 3", "-p", #"{"a": 1}"#])
        #expect(matching.status == 0)
    }

    @Test func aTransferEncodingIsAnError() throws {
        let result = try run(["POST", "https://e.com", "-H", "Transfer-Encoding: chunked", "-p", "{}"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("wireform: The request sets Transfer-Encoding 'chunked'"))
    }
}
