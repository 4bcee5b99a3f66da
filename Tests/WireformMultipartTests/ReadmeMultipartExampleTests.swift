import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The README's multipart example, without the network: every way out gives the same bytes as the length says.
@Suite struct ReadmeMultipartExampleTests {
    @Test func readmeExample() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let avatar = directory.appending(path: "avatar.png")
        let logURL = directory.appending(path: "log.txt")
        try Data(patternBytes(3000)).write(to: avatar)
        try Data("log line\n".utf8).write(to: logURL)
        let size = Int64(9)

        let serializer = RequestSerializer()
        var form = MultipartForm()
        try form.append(parameters: ["user": ["name": "bang"]], queryStyle: serializer.queryStyle)
        try form.append(fileAt: avatar, name: "avatar")
        try form.append(
            MessageBody(length: .known(size)) { InputStream(url: logURL)! }, name: "log", fileName: "log.txt")

        let body = form.serializedBody.body
        let bytes = try form.encodedBytes()
        #expect(body.length == .known(Int64(bytes.count)))
        #expect(String(decoding: bytes, as: UTF8.self).contains("name=\"user[name]\"\r\n\r\nbang\r\n"))
        #expect(String(decoding: bytes, as: UTF8.self).contains("filename=\"avatar.png\"\r\nContent-Type: image/png"))
        #expect(
            String(decoding: bytes, as: UTF8.self).contains("filename=\"log.txt\"\r\nContent-Type: text/plain\r\n"))
        #expect(try await collectChunks(body) == bytes)
        #expect(try readAll(body.makeInputStream(), readSize: 65524) == bytes)

        let output = directory.appending(path: "body.bin")
        let reports = ProgressLog()
        try await body.throttled().reportingProgress { reports.append($0) }.write(to: output)
        #expect(try Data(contentsOf: output) == Data(bytes))
        #expect(reports.last?.fractionCompleted == 1)
    }
}

/// The README's upload: the request comes from `RequestSerializer`'s entry point for ready bodies and is sent by
/// `MultipartUploader` to a local server that echoes what it received.
@Suite(.enabled(if: EchoServer.pythonPath != nil, "python3 is missing: cannot start the local HTTP server"))
struct ReadmeMultipartUploadTests {
    @Test func readmeUpload() async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let avatar = directory.appending(path: "avatar.png")
        try Data(patternBytes(3000)).write(to: avatar)
        let serializer = RequestSerializer()
        var form = MultipartForm()
        try form.append(parameters: ["user": ["name": "bang"]], queryStyle: serializer.queryStyle)
        try form.append(fileAt: avatar, name: "avatar")

        let request = try serializer.serializedRequest(
            method: .post, url: server.url("/echo"), query: ["album": 7], body: form.serializedBody)
        let (data, response) = try await MultipartUploader().upload(form, with: request.urlRequest())

        let expected = try form.encodedBytes()
        #expect(request.url == server.url("/echo?album=7").absoluteString)
        #expect(request.headers[.userAgent] != nil)
        #expect(request.headers[.contentType] == form.serializedBody.contentType.description)
        #expect(request.headers[.contentLength] == "\(expected.count)")
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect([UInt8](data) == expected)
        #expect(http.value(forHTTPHeaderField: "X-Content-Length") == "\(expected.count)")
        #expect(http.value(forHTTPHeaderField: "X-Content-Type") == form.serializedBody.contentType.description)
    }
}

/// Progress reports collected from another thread.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var reports: [BodyProgress] = []

    func append(_ report: BodyProgress) { lock.withLock { reports.append(report) } }

    var last: BodyProgress? { lock.withLock { reports.last } }
}
