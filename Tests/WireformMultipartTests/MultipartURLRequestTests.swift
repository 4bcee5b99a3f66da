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
}
