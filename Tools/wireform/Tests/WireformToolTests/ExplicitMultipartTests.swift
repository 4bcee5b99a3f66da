import Foundation
import Testing

/// A multipart body the command line asks for goes in the body whatever `--uri-methods` says (issue 12).
@Suite struct ExplicitMultipartTests {
    private func run(_ arguments: [String]) throws -> ToolProcess.Result {
        let directory = try TestDirectory()
        return try ToolProcess.run(arguments + ["--no-default-headers", "--boundary", "B"], in: directory.path)
    }

    @Test(arguments: [
        ["DELETE", "https://e.com/a", "--field", "a=b"],
        ["DELETE", "https://e.com/a", "-f", "multipart", "-p", #"{"a": "b"}"#],
        ["POST", "https://e.com/a", "--field", "a=b", "--uri-methods", "GET,POST"],
        ["PURGE", "https://e.com/a", "--field", "a=b", "--uri-methods", "PURGE"],
    ])
    func explicitMultipartGoesInTheBody(arguments: [String]) throws {
        let result = try run(arguments)
        #expect(result.status == 0)
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(text.hasPrefix("\(arguments[0]) /a HTTP/1.1\r\n"))
        #expect(
            text.hasSuffix(
                "Content-Type: multipart/form-data; boundary=B\r\nContent-Length: 59\r\n\r\n"
                    + "--B\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nb\r\n--B--\r\n"))
    }

    @Test func formParametersKeepTheMethodRouting() throws {
        let result = try run(["DELETE", "https://e.com/a", "-p", #"{"a": "b"}"#, "-f", "form"])
        #expect(result.status == 2)  // --boundary with a form body
        let directory = try TestDirectory()
        let plain = try ToolProcess.run(
            ["DELETE", "https://e.com/a", "-p", #"{"a": "b"}"#, "--no-default-headers"], in: directory.path)
        #expect(
            String(decoding: plain.standardOutput, as: UTF8.self) == "DELETE /a?a=b HTTP/1.1\r\nHost: e.com\r\n\r\n")
    }
}
