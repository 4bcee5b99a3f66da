import Foundation
import Testing
import Wireform
import WireformMultipart

/// The "Sending it" example on the `WireformMultipart` DocC landing page: the form's request gets the serializer's
/// headers and the form's own `Content-Type` and length (the upload itself is `ReadmeMultipartUploadTests`).
@Suite struct MultipartLandingPageExampleTests {
    @Test func sendingIt() throws {
        var serializer = RequestSerializer()
        try serializer.setBearerToken("abc123")
        var form = try MultipartForm(boundary: .constant("XyZ"))
        try form.append(parameters: ["user": ["name": "bang"]], queryStyle: serializer.queryStyle)
        try form.append(Data([0, 1, 2]), name: "blob", fileName: "b.bin")
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/upload", query: ["album": 7], body: form.serializedBody)

        let bytes = try form.encodedBytes()
        #expect(request.url == "https://example.com/upload?album=7")
        #expect(request.headers[.authorization] == "Bearer abc123")
        #expect(request.headers[.contentType] == "multipart/form-data; boundary=XyZ")
        #expect(request.headers[.contentLength] == "\(bytes.count)")
        #expect(try request.body?.collectSynchronously(upTo: 1 << 20) == bytes)
        #expect(
            String(decoding: bytes, as: UTF8.self).hasPrefix(
                "--XyZ\r\nContent-Disposition: form-data; name=\"user[name]\""))
    }
}
