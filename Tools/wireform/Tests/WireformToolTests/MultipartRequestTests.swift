import Foundation
import Testing

/// Multipart bodies are `MultipartForm`s given to `RequestSerializer`'s entry point for ready bodies: they get the
/// same headers as every other request, and nothing the command line asked for is dropped.
@Suite struct MultipartRequestTests {
    private func run(_ arguments: [String]) throws -> ToolProcess.Result {
        let directory = try TestDirectory()
        try directory.write("a.txt", "hello\n")
        return try ToolProcess.run(arguments, in: directory.path)
    }

    @Test func aFormGetsTheDefaultHeadersAuthorizationContentTypeAndLength() throws {
        let result = try run([
            "PUT", "https://e.com/up", "-p", #"{"user": {"name": "bang"}}"#, "--field", "note=hi", "--file",
            "doc=@a.txt", "--boundary", "XyZ", "--bearer", "t0k", "-H", "X-Trace: 1",
        ])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let lines = String(decoding: result.standardOutput, as: UTF8.self).components(separatedBy: "\r\n")
        #expect(
            lines.filter { !$0.hasPrefix("User-Agent: ") } == [
                "PUT /up HTTP/1.1", "Host: e.com", "X-Trace: 1", "Authorization: Bearer t0k",
                "Content-Type: multipart/form-data; boundary=XyZ", "Content-Length: 238", "",
                "--XyZ", #"Content-Disposition: form-data; name="user[name]""#, "", "bang",
                "--XyZ", #"Content-Disposition: form-data; name="note""#, "", "hi",
                "--XyZ", #"Content-Disposition: form-data; name="doc"; filename="a.txt""#, "Content-Type: text/plain",
                "",
                "hello\n", "--XyZ--", "",
            ])
    }

    @Test func fieldsWithAContentTypeOfAnotherFormatAreAUsageError() throws {
        // They used to be dropped: the JSON format was given the parameters alone and `{}` was sent.
        let result = try run(["POST", "https://e.com", "-t", "application/vnd.api+json", "--field", "a=b"])
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "wireform: '--field' and '--file' make a multipart body, but the request's Content-Type is "
                + "'application/vnd.api+json'\n")
    }

    @Test func anInvalidBoundaryIsAnErrorEvenWithoutParts() throws {
        // It used to give a request with no body at all.
        let boundary = String(repeating: "x", count: 71)
        let result = try run(["POST", "https://e.com", "-f", "multipart", "--boundary", boundary])
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "wireform: The multipart boundary '\(boundary)' is 71 bytes long: RFC 2046 allows at most 70 bytes\n"
        )
    }

    @Test func aFormWithoutPartsIsTheClosingDelimiter() throws {
        let result = try run(["POST", "https://e.com", "-f", "multipart", "--boundary", "B", "--no-default-headers"])
        #expect(result.status == 0)
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self)
                == "POST / HTTP/1.1\r\nHost: e.com\r\nContent-Type: multipart/form-data; boundary=B\r\n"
                + "Content-Length: 7\r\n\r\n--B--\r\n")
    }

    @Test(arguments: ["GET", "HEAD"])
    func getAndHeadCannotCarryAForm(method: String) throws {
        let result = try run([method, "https://e.com", "--uri-methods", "POST", "--field", "a=b"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "wireform: A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that "
                + "takes one\n")
    }
}
