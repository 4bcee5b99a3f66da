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

    /// Issue 24: `reportingProgress` wraps an in-memory body in one of the same known length, so `urlRequest()`
    /// still carries `Content-Length` (and, on Linux, the bytes in `httpBody`, read once, reported as they are read).
    @Test func reportingProgressOnAnInMemoryBodyKeepsContentLength() throws {
        let expected = Array(repeating: UInt8(ascii: "x"), count: 70_000)
        let inMemory = MessageBody(bytes: expected)
        #expect(inMemory.bytes == expected)
        let reported = ProgressLog()
        let body = SerializedBody(
            contentType: .octetStream, body: inMemory.reportingProgress { reported.append($0.completedBytes) })
        #expect(body.body.length == .known(70_000))
        let request = try RequestSerializer().serializedRequest(
            method: .post, url: "https://example.com/upload", body: body
        ).urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "70000")
        #expect(request.value(forHTTPHeaderField: "Transfer-Encoding") == nil)
        #if !canImport(Darwin)
            #expect(request.httpBody.map { [UInt8]($0) } == expected)
            #expect(request.httpBodyStream == nil)
            #expect(reported.values.last == 70_000)
        #endif
    }
}

/// Progress values reported from whatever thread reads the body.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_values: [Int64] = []

    func append(_ value: Int64) {
        lock.lock()
        locked_values.append(value)
        lock.unlock()
    }

    var values: [Int64] {
        lock.lock()
        defer { lock.unlock() }
        return locked_values
    }
}
