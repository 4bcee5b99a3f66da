import Foundation
import Testing

/// `--file NAME=@PATH;type=TYPE` sends TYPE as written; a `--boundary` that a field holds fails before any output.
@Suite struct PartContentTypeTests {
    private func run(_ arguments: [String], in directory: TestDirectory) throws -> ToolProcess.Result {
        try ToolProcess.run(arguments + ["--no-default-headers", "--boundary", "B"], in: directory.path)
    }

    @Test(arguments: ["application/x-Custom ;Flavour=Sour", "weird", "text/plain; charset=\"utf-8\""])
    func typeIsSentAsWritten(type: String) throws {
        let directory = try TestDirectory()
        try directory.write("a.png", "x")
        let result = try run(["POST", "https://e.com/a", "--file", "f=@a.png;type=\(type)"], in: directory)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        #expect(
            text.hasSuffix(
                "--B\r\nContent-Disposition: form-data; name=\"f\"; filename=\"a.png\"\r\nContent-Type: \(type)\r\n\r\n"
                    + "x\r\n--B--\r\n"))
    }

    @Test func aTypeWithAControlCharacterIsRefusedAndShownEscaped() throws {
        let directory = try TestDirectory()
        try directory.write("a.png", "x")
        let result = try run(["POST", "https://e.com/a", "--file", "f=@a.png;type=text/\u{1B}[2J"], in: directory)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError
                == "wireform: The Content-Type 'text/\\u{1b}[2J' of part 'f' is not a valid header field value "
                + "(control characters, or white space at either end)\n")
    }

    @Test func aFieldThatHoldsTheDelimiterFailsBeforeAnyOutput() throws {
        let directory = try TestDirectory()
        try directory.write("out.http", "keep")
        let smuggled = "x\r\n--B\r\nContent-Disposition: form-data; name=\"is_admin\"\r\n\r\ntrue"
        for output in [[], ["-o", "out.http"]] {
            let result = try run(["POST", "https://e.com/a", "--field", "note=\(smuggled)"] + output, in: directory)
            #expect(result.status == 1)
            #expect(result.standardOutput.isEmpty)  // not even the request head
            #expect(
                result.standardError
                    == "wireform: The content of part 0 'note' contains '\\r\\n--B', the delimiter of the constant "
                    + "multipart boundary 'B': a reader would end the part there and read the rest as another part. "
                    + "Use the random default boundary or a constant that the content does not contain\n")
        }
        #expect(try String(contentsOfFile: directory.path + "/out.http", encoding: .utf8) == "keep")
    }
}
