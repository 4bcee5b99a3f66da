import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The migration article's `AFMultipartFormData` and Alamofire `MultipartFormData` tables, and the multipart rows of
/// its `AFHTTPRequestSerializer` table (`MigratingFromAFNetworkingAndAlamofire.md`), compiled and run.
@Suite struct MigrationArticleMultipartTests {
    @Test func afMultipartFormDataTable() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileURL = directory.appending(path: "a.txt")
        try Data("abc".utf8).write(to: fileURL)
        let data = Data("xyz".utf8)
        let partHeaders = try HeaderFields(validating: [("Content-Disposition", #"form-data; name="raw""#)])
        var form = MultipartForm()
        try form.append(fileAt: fileURL, name: "file")
        try form.append(fileAt: fileURL, name: "file", fileName: "a.txt", contentType: "text/plain")
        try form.append(
            MessageBody(length: .known(3), makeStream: { InputStream(data: data) }), name: "file",
            fileName: "a.bin", contentType: "application/octet-stream")
        try form.append(data, name: "file", fileName: "a.bin", contentType: "application/octet-stream")
        try form.append(data, name: "field")
        form.append(headers: partHeaders, body: MessageBody(bytes: Array(data)))
        let throttled = form.serializedBody.body.throttled(packetSize: 16 * 1024, delay: .milliseconds(200))
        #expect(throttled.length == form.serializedBody.body.length)
        let encoded = try form.encodedBytes()
        #expect(form.serializedBody.body.length == .known(Int64(encoded.count)))

        let serializer = RequestSerializer()
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/upload", body: form.serializedBody)
        #expect(request.headers[.contentType] == form.serializedBody.contentType.description)
        let output = directory.appending(path: "form.bin")
        try await form.serializedBody.body.write(to: output, replacingExisting: false)
        #expect([UInt8](try Data(contentsOf: output)) == encoded)
        await #expect(throws: SerializationError.self) {
            try await form.serializedBody.body.write(to: output, replacingExisting: false)
        }
    }

    @Test func alamofireMultipartFormDataTable() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fileURL = directory.appending(path: "a.txt")
        try Data("abc".utf8).write(to: fileURL)
        let data = Data("xyz".utf8)
        let partHeaders = try HeaderFields(validating: [("Content-Disposition", #"form-data; name="raw""#)])
        var form = MultipartForm(boundary: try .constant("boundary"))
        #expect(form.serializedBody.contentType.parameter("boundary") == "boundary")
        _ = MultipartBoundary.random
        try form.append(data, name: "file", fileName: "a.bin", contentType: "application/octet-stream")
        try form.append(fileAt: fileURL, name: "file")
        try form.append(fileAt: fileURL, name: "file", fileName: "a.txt", contentType: "text/plain")
        try form.append(
            MessageBody(length: .known(3), makeStream: { InputStream(data: data) }), name: "file", fileName: "a.bin")
        form.append(headers: partHeaders, body: MessageBody(bytes: Array(data)))
        let encoded = try form.encodedBytes()
        #expect(form.serializedBody.body.length == .known(Int64(encoded.count)))
        let uploader = MultipartUploader(inMemoryThreshold: 10_000_000)
        #expect(uploader.inMemoryThreshold == 10_000_000)
        let output = directory.appending(path: "form.bin")
        try await form.serializedBody.body.write(to: output, replacingExisting: false)
        #expect([UInt8](try Data(contentsOf: output)) == encoded)

        let server = try EchoServer()
        defer { server.stop() }
        var urlRequest = URLRequest(url: server.url("/echo"))
        urlRequest.httpMethod = "POST"
        urlRequest.timeoutInterval = 20
        let (echoed, _) = try await MultipartUploader().upload(
            form, with: urlRequest, progress: { print($0.completedBytes) })
        #expect([UInt8](echoed) == encoded)
        // Cancellation is tested against a server that never answers (MultipartUploaderProgressTests): cancelling
        // while URLSession completes the task can stop the process inside swift-corelibs-foundation.
    }
}
