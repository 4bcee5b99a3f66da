import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

@Suite struct MultipartFormTests {
    @Test func smallFormHasExactBytes() throws {
        var form = try pinnedForm()
        form.append("bang", name: "user[name]")
        try form.append(Data([0x00, 0xFF]), name: "blob")
        try form.append(Array("hello".utf8), name: "doc", fileName: "a.txt")
        var bytes: [UInt8] = []
        bytes += crlf("--B", "Content-Disposition: form-data; name=\"user[name]\"", "", "bang", "--B")
        bytes += crlf("", "Content-Disposition: form-data; name=\"blob\"", "", "")
        bytes += [0x00, 0xFF]
        bytes += crlf("", "--B", "Content-Disposition: form-data; name=\"doc\"; filename=\"a.txt\"")
        bytes += crlf("", "Content-Type: text/plain", "", "hello", "--B--", "")
        let encoded = try form.encodedBytes()
        #expect(encoded == bytes)
        #expect(form.serializedBody.body.length == .known(Int64(bytes.count)))
        #expect(form.serializedBody.contentType.description == "multipart/form-data; boundary=B")
    }

    @Test func emptyFormIsTheClosingDelimiter() throws {
        let form = try pinnedForm()
        #expect(try form.encodedBytes() == crlf("--B--", ""))
        #expect(form.serializedBody.body.length == .known(7))
    }

    @Test func hostileNamesAreEscapedTheWayBrowsersDo() throws {
        var form = try pinnedForm()
        try form.append(Data("x".utf8), name: "a\"b\r\nc\u{0}é", fileName: "evil\".txt\r\nX-Injected: 1")
        let text = String(decoding: try form.encodedBytes(), as: UTF8.self)
        #expect(
            text.contains(
                "Content-Disposition: form-data; name=\"a%22b%0D%0Ac%00é\"; "
                    + "filename=\"evil%22.txt%0D%0AX-Injected: 1\"\r\n"
            )
        )
        #expect(!text.contains("\r\nX-Injected"))
    }

    @Test func headersAreWrittenInFixedOrder() throws {
        var form = try pinnedForm(.mixed)
        var headers = HeaderFields()
        try headers.addValue("abc", for: HeaderFields.Name("X-Trace")!)
        try headers.addValue("text/html", for: .contentType)
        try headers.addValue("inline", for: .contentDisposition)
        form.append(headers: headers, body: MessageBody(bytes: Array("<p>".utf8)))
        #expect(
            try form.encodedBytes()
                == crlf(
                    "--B", "Content-Disposition: inline", "Content-Type: text/html", "X-Trace: abc", "", "<p>", "--B--",
                    ""))
        #expect(form.serializedBody.contentType.description == "multipart/mixed; boundary=B")
    }

    @Test func customHeaderValueWithLineBreakIsAnError() throws {
        var form = try pinnedForm()
        expectError(.invalidHeader) {
            form.append(
                headers: try HeaderFields(validating: [("X-A", "1\r\nX-B: 2")]),
                body: MessageBody(bytes: Array("".utf8)))
        }
        expectError(.invalidHeader) {
            form.append(headers: try HeaderFields(validating: [("X A", "1")]), body: MessageBody(bytes: Array("".utf8)))
        }
        #expect(try form.encodedBytes() == crlf("--B--", ""))
    }

    @Test func relatedSubtypeCarriesRootType() throws {
        let form = try pinnedForm(.related(type: .json))
        #expect(
            form.serializedBody.contentType.description == "multipart/related; boundary=B; type=\"application/json\"")
    }

    @Test func parametersAreFlattenedWithTheQueryStyle() throws {
        let parameters: ParameterValue = [
            "user": ["name": "b a&ng"], "tags": ["a", "b"], "blob": .data(Data([0xFF])), "nothing": .null,
        ]
        let form = try pinnedForm(parameters: parameters)
        var expected: [UInt8] = []
        expected += crlf("--B", "Content-Disposition: form-data; name=\"blob\"", "", "")
        expected += [0xFF]
        expected += crlf("", "--B", "Content-Disposition: form-data; name=\"nothing\"", "", "", "--B")
        expected += crlf("", "Content-Disposition: form-data; name=\"tags[]\"", "", "a")
        expected += crlf("", "--B", "Content-Disposition: form-data; name=\"tags[]\"", "", "b")
        expected += crlf("", "--B", "Content-Disposition: form-data; name=\"user[name]\"", "", "b a&ng", "--B--", "")
        let encoded = try form.encodedBytes()
        #expect(String(decoding: encoded, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
        #expect(encoded == expected)
    }

    @Test func parametersMustBeADictionary() throws {
        var form = MultipartForm()
        expectError(.unsupportedValue) { try form.append(parameters: ["a", "b"], queryStyle: .brackets) }
    }

    @Test func lengthIsUnknownWhenAStreamHasNoLength() throws {
        var form = try pinnedForm()
        try form.append(MessageBody(length: .unknown) { InputStream(data: Data("abc".utf8)) }, name: "s")
        #expect(form.serializedBody.body.length == .unknown)
        #expect(
            try form.encodedBytes()
                == crlf(
                    "--B", "Content-Disposition: form-data; name=\"s\"", "Content-Type: application/octet-stream", "",
                    "abc", "--B--", ""))
    }

    @Test func dataWithUnknownExtensionIsOctetStream() throws {
        var form = try pinnedForm()
        try form.append(Data(), name: "f", fileName: "x.unknownext")
        try form.append(Data(), name: "g", fileName: "x.png", contentType: .mediaType(.json))
        let text = String(decoding: try form.encodedBytes(), as: UTF8.self)
        #expect(text.contains("filename=\"x.unknownext\"\r\nContent-Type: application/octet-stream\r\n"))
        #expect(text.contains("filename=\"x.png\"\r\nContent-Type: application/json\r\n"))
    }
}
