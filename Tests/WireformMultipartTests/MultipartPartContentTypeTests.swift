import Foundation
import Testing
import Wireform
import WireformMultipart

/// A part's `Content-Type` given as text is sent as written; only values that cannot be header field values are
/// refused. Types Wireform derives itself stay well-formed media types.
@Suite struct MultipartPartContentTypeTests {
    static func part(_ contentType: String, fileName: String? = nil) -> [UInt8] {
        let disposition =
            "Content-Disposition: form-data; name=\"f\"" + (fileName.map { "; filename=\"\($0)\"" } ?? "")
        return crlf("--B", disposition, "Content-Type: \(contentType)", "", "x", "--B--", "")
    }

    @Test(arguments: [
        "type",  // not a media type at all
        "Text/CSV;Header=Present",  // case and spacing as written
        "application/vnd.acme+json; profile=\"https://acme.example/v1\"",
        "image/x-custom ; q=1",
        "text/plain; charset=latin1\tx",  // tab is allowed inside a value
    ])
    func verbatimTypesAreSentAsWritten(contentType: String) throws {
        var data = try MultipartForm(boundary: .constant("B"))
        try data.append(Data("x".utf8), name: "f", contentType: .verbatim(contentType))
        #expect(try data.encodedBytes() == Self.part(contentType))
        var bytes = try MultipartForm(boundary: .constant("B"))
        try bytes.append(Array("x".utf8), name: "f", fileName: "a.png", contentType: .verbatim(contentType))
        #expect(try bytes.encodedBytes() == Self.part(contentType, fileName: "a.png"))
        var body = try MultipartForm(boundary: .constant("B"))
        try body.append(MessageBody(bytes: Array("x".utf8)), name: "f", contentType: .verbatim(contentType))
        #expect(try body.encodedBytes() == Self.part(contentType))
    }

    @Test func aFilePartKeepsTheTypeAsWrittenInsteadOfTheGuessedOne() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-type-\(UUID()).png")
        try Data("x".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(fileAt: url, name: "f", fileName: "a.png", contentType: "image/PNG;x")
        #expect(try form.encodedBytes() == Self.part("image/PNG;x", fileName: "a.png"))
    }

    @Test(arguments: [
        ("text/plain\r\nX-Injected: 1", #"'text/plain\r\nX-Injected: 1'"#),
        ("text/plain\u{0}", #"'text/plain\0'"#),
        ("text/\u{1B}[31mred", #"'text/\u{1b}[31mred'"#),
        (" text/plain", "' text/plain'"),
    ])
    func controlCharactersAreRefusedNamingThePart(contentType: String, shown: String) throws {
        var form = try MultipartForm(boundary: .constant("B"))
        expectError(
            .invalidHeader,
            "The Content-Type \(shown) of part 'f' is not a valid header field value (control characters, or white "
                + "space at either end)"
        ) { try form.append(Data("x".utf8), name: "f", contentType: .verbatim(contentType)) }
        // Nothing was appended.
        #expect(try form.encodedBytes() == crlf("--B--", ""))
    }

    @Test func derivedTypesStayWellFormed() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(Data("x".utf8), name: "f", fileName: "a.PNG")
        try form.append(MessageBody(bytes: Array("x".utf8)), name: "g")
        let text = String(decoding: try form.encodedBytes(), as: UTF8.self)
        #expect(text.contains("Content-Type: image/png\r\n"))
        #expect(text.contains("Content-Type: application/octet-stream\r\n"))
    }

    /// A type checked before the file is looked at: a bad type wins over a missing file.
    @Test func aFilePartsTypeIsCheckedBeforeTheFileIsOpened() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        let missing = URL(filePath: "/nonexistent/wireform-\(UUID())")
        expectError(.invalidHeader) { try form.append(fileAt: missing, name: "f", contentType: "a\r\nb") }
        expectError(.fileUnavailable) { try form.append(fileAt: missing, name: "f", contentType: "text/plain") }
    }

    /// A media type is written in its canonical form, a literal and `.verbatim` as written.
    @Test func mediaTypeLiteralAndVerbatimAreOneArgument() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(Data("x".utf8), name: "f", contentType: .mediaType(ContentType("Text/Plain;Charset=UTF-8")!))
        #expect(try form.encodedBytes() == Self.part("text/plain; charset=UTF-8"))
        let literal: MultipartForm.PartContentType = "Text/Plain;Charset=UTF-8"
        var written = try MultipartForm(boundary: .constant("B"))
        try written.append(Data("x".utf8), name: "f", contentType: literal)
        #expect(try written.encodedBytes() == Self.part("Text/Plain;Charset=UTF-8"))
    }
}
