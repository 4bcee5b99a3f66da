import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

/// With a constant boundary, header fields and in-memory content are searched when the part is appended, so the
/// form can refuse before anything is sent or opened; the body still refuses before its first byte.
@Suite struct MultipartDelimiterValidationTests {
    @Test func validateNamesTheFirstPartThatHoldsTheDelimiter() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        form.append("fine", name: "a")
        try form.validate()
        form.append(MultipartDelimiterTests.smuggled, name: "note")
        form.append("a\r\n--B", name: "later")
        expectError(.invalidPart, MultipartDelimiterTests.reason("part 1 'note'")) { try form.validate() }
        expectError(.invalidPart, MultipartDelimiterTests.reason("part 1 'note'")) { _ = try form.encodedBytes() }
    }

    @Test func validateSearchesTheHeaderSection() throws {
        var form = try MultipartForm(boundary: .constant("B"))
        // The only CRLF in a header section is at line ends: a value cannot hold CR, so the search reaches the
        // header name of the next line.
        form.append(
            headers: try HeaderFields(validating: [("Content-Disposition", "form-data; name=\"h\""), ("--B-x", "1")]),
            body: MessageBody(bytes: Array("x".utf8)))
        expectError(.invalidPart, MultipartDelimiterTests.reason("part 0", headers: true)) { try form.validate() }
    }

    @Test func randomBoundaryFormsAreNeverSearched() throws {
        var form = MultipartForm()
        form.append(MultipartDelimiterTests.smuggled, name: "note")
        try form.validate()
    }

    @Test func streamedPartsAreLeftForTheStream() throws {
        // A stream's content is not known when it is appended: `validate()` passes and the body fails as it reads.
        var form = try MultipartForm(boundary: .constant("B"))
        let content = Array("x\r\n--B".utf8)
        try form.append(
            MessageBody(length: .known(Int64(content.count))) { InputStream(data: Data(content)) }, name: "s")
        try form.validate()
        expectError(.invalidPart, MultipartDelimiterTests.reason("part 0 's'")) { _ = try form.encodedBytes() }
    }
}
