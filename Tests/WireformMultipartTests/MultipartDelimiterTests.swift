import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

/// A constant boundary: no part may hold `CRLF--boundary`, or a reader would see an extra part.
@Suite struct MultipartDelimiterTests {
    static let smuggled = "\r\n--B\r\nContent-Disposition: form-data; name=\"is_admin\"\r\n\r\ntrue"

    static func reason(_ part: String, boundary: String = "B", headers: Bool = false) -> String {
        (headers ? "The headers of \(part) contain" : "The content of \(part) contains")
            + " '\\r\\n--\(boundary)', the delimiter of the constant multipart boundary '\(boundary)': a reader would "
            + "end the part there and read the rest as another part. Use the random default boundary or a constant "
            + "that the content does not contain"
    }

    @Test func smuggledPartInATextFieldIsRefused() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        form.append("bang", name: "user")
        form.append(Self.smuggled, name: "note")
        expectError(.invalidPart, Self.reason("part 1 'note'")) { _ = try form.encodedBytes() }
        // The body refuses before its first byte, through every way of reading it.
        expectError(.invalidPart, Self.reason("part 1 'note'")) {
            _ = try readAll(form.serializedBody.body, readSize: 7)
        }
        #expect(throws: SerializationError.self) {
            _ = try readAll(form.serializedBody.body.makeInputStream(), readSize: 4096)
        }
    }

    @Test func sameTextWithAnotherBoundaryIsOneField() throws {
        var form = try MultipartForm(boundary: .constant("C"))
        form.append("bang", name: "user")
        form.append(Self.smuggled, name: "note")
        let expected = crlf(
            "--C",
            "Content-Disposition: form-data; name=\"user\"",
            "",
            "bang",
            "--C",
            "Content-Disposition: form-data; name=\"note\"",
            "",
            Self.smuggled,
            "--C--",
            ""
        )
        #expect(try form.encodedBytes() == expected)
        #expect(try readAll(form.serializedBody.body, readSize: 1) == expected)
    }

    @Test func randomBoundaryKeepsTheText() throws {
        var form = MultipartForm()
        form.append(Self.smuggled, name: "note")
        let boundary = try #require(boundaryParameter(of: form))
        let expected = crlf(
            "--\(boundary)", "Content-Disposition: form-data; name=\"note\"", "", Self.smuggled, "--\(boundary)--", "")
        #expect(try form.encodedBytes() == expected)
    }

    @Test(arguments: [
        ("--B", true),  // right after the header section's CRLF CRLF
        ("--B--", true),
        ("x\r\n--Bx", true),  // a longer boundary-like word still starts with the delimiter
        ("\r\r\n--B", true),
        ("\r\n\r\n--B", true),
        ("x\r\n--", false),  // the real delimiter follows: no earlier occurrence
        ("x\r\n-B", false),
        ("x\n--B", false),
        ("x\r--B", false),
        ("-B", false),
        ("", false),
        ("\r\n--C", false),
    ])
    func inMemoryContentIsChecked(content: String, refused: Bool) throws {
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(Array(content.utf8), name: "f")
        if refused {
            expectError(.invalidPart, Self.reason("part 0 'f'")) { _ = try form.encodedBytes() }
        } else {
            let expected = crlf("--B", "Content-Disposition: form-data; name=\"f\"", "", content, "--B--", "")
            #expect(try form.encodedBytes() == expected)
        }
    }

    @Test func dataPartIsChecked() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(Data("a".utf8), name: "ok")
        try form.append(Data("a\r\n--Bb".utf8), name: "bad", fileName: "x.bin")
        expectError(.invalidPart, Self.reason("part 1 'bad'")) { _ = try form.encodedBytes() }
    }

    @Test func partWithoutANameIsNamedByIndex() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        form.append(headers: HeaderFields(), body: MessageBody(bytes: Array("--B".utf8)))
        expectError(.invalidPart, Self.reason("part 0")) { _ = try form.encodedBytes() }
    }

    @Test func headerNameThatStartsWithTheDelimiterIsRefused() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        form.append(
            headers: try HeaderFields(validating: [("Content-Disposition", "form-data; name=\"h\""), ("--B", "1")]),
            body: MessageBody(bytes: Array("x".utf8)))
        expectError(.invalidPart, Self.reason("part 0", headers: true)) { _ = try form.encodedBytes() }
        var other = try MultipartForm(boundary: .constant("C"))
        other.append(
            headers: try HeaderFields(validating: [("Content-Disposition", "form-data; name=\"h\""), ("--B", "1")]),
            body: MessageBody(bytes: Array("x".utf8)))
        #expect(
            try other.encodedBytes()
                == crlf("--C", "Content-Disposition: form-data; name=\"h\"", "--B: 1", "", "x", "--C--", ""))
    }

    @Test func longBoundaryIsFoundAtEveryOffset() throws {
        let boundary = "wireform-bench-boundary-7f3a9c2e"
        let delimiter = Array("\r\n--\(boundary)".utf8)
        for offset in 0...70 {
            var content = patternBytes(200, seed: 3).map { $0 == 0x0D ? 0x20 : $0 }
            content.replaceSubrange(offset..<(offset + delimiter.count), with: delimiter)
            var form = try MultipartForm(boundary: .constant(boundary))
            try form.append(content, name: "f")
            expectError(.invalidPart, Self.reason("part 0 'f'", boundary: boundary)) { _ = try form.encodedBytes() }
            // The delimiter with its last byte changed is fine.
            content[offset + delimiter.count - 1] = UInt8(ascii: "#")
            var near = try MultipartForm(boundary: .constant(boundary))
            try near.append(content, name: "f")
            let expected =
                crlf("--\(boundary)", "Content-Disposition: form-data; name=\"f\"", "", "")
                + content + crlf("", "--\(boundary)--", "")
            #expect(try near.encodedBytes() == expected)
        }
    }
}
