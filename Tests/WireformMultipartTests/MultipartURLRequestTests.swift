import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A small multipart form keeps its exact `Content-Length` in `urlRequest()` on Linux too (it used to become a
/// stream, which URLSession on Linux sends chunked).
@Suite struct MultipartURLRequestTests {
    @Test func smallFormHasItsContentLengthAndBytes() throws {
        var form = MultipartForm()
        form.append("bang", name: "user[name]")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-\(UUID()).txt")
        try Data("hello\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try form.append(fileAt: file, name: "note")
        let serialized = try RequestSerializer().serializedRequest(
            method: .post, url: "https://example.com/upload", body: form.serializedBody)
        let request = try serialized.urlRequest()
        let expected = try form.encodedBytes()
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "\(expected.count)")
        #if !canImport(Darwin)
            #expect(request.httpBody.map { [UInt8]($0) } == expected)
        #endif
    }

    /// Issue 22's case exactly: a 161-byte form with a file part (a streamed body) goes out with
    /// `Content-Length: 161` and its bytes in `httpBody`, not chunked.
    @Test func a161ByteFormCarriesContentLength161() throws {
        var form = try MultipartForm(boundary: .constant("w161"))
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-\(UUID()).txt")
        try Data("hello\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try form.append(fileAt: file, name: "note")
        #expect(form.serializedBody.body.bytes == nil)  // streamed: the file is read when the body is produced
        let serialized = try RequestSerializer().serializedRequest(
            method: .post, url: "https://example.com/upload", body: form.serializedBody)
        let request = try serialized.urlRequest()
        let expected = try form.encodedBytes()
        #expect(expected.count == 161)
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "161")
        #expect(request.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
        #if !canImport(Darwin)
            #expect(request.httpBody.map { [UInt8]($0) } == expected)
            #expect(request.httpBodyStream == nil)
        #endif
    }
}
