import Foundation
import Testing
import Wireform
import WireformMultipart

@testable import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Counts how often a part's stream is made, to see replays.
private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_count = 0

    func increment() {
        lock.lock()
        locked_count += 1
        lock.unlock()
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return locked_count
    }
}

/// End-to-end uploads through URLSession to a Python server on 127.0.0.1 that echoes the bytes it received.
@Suite(
    .serialized, .enabled(if: EchoServer.pythonPath != nil, "python3 is missing: cannot start the local HTTP server"))
struct MultipartUploaderTests {
    private func makeForm(in directory: URL, fileSize: Int, streamCounter: Counter? = nil) throws -> MultipartForm {
        let file = directory.appendingPathComponent("upload.png")
        try Data(patternBytes(fileSize, seed: 5)).write(to: file)
        var form = MultipartForm()
        form.append("bang", name: "user[name]")
        try form.append(fileAt: file, name: "avatar")
        let streamed = Data(patternBytes(100_000, seed: 1))
        let stream = RequestBody(length: .known(Int64(streamed.count))) {
            streamCounter?.increment()
            return InputStream(data: streamed)
        }
        try form.append(stream, name: "stream", fileName: "s.bin")
        return form
    }

    private func post(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.timeoutInterval = 20
        return request
    }

    @Test func smallFormIsUploadedFromMemoryWithContentLength() async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try makeForm(in: directory, fileSize: 50_000)
        let (data, response) = try await MultipartUploader().upload(form, with: post(server.url("/echo")))
        let http = try #require(response as? HTTPURLResponse)
        let expected = try form.encodedBytes()
        #expect(http.statusCode == 200)
        #expect([UInt8](data) == expected)
        #expect(http.value(forHTTPHeaderField: "X-Content-Length") == "\(expected.count)")
        #expect(http.value(forHTTPHeaderField: "X-Content-Type") == form.serializedBody.contentType.description)
    }

    @Test func largeFormIsUploadedFromATemporaryFileThatIsRemoved() async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let temporary = directory.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let form = try makeForm(in: directory, fileSize: 3 << 20)
        let uploader = MultipartUploader(inMemoryThreshold: 1 << 20, temporaryDirectory: temporary)
        let (data, response) = try await uploader.upload(form, with: post(server.url("/echo")))
        let http = try #require(response as? HTTPURLResponse)
        let expected = try form.encodedBytes()
        #expect([UInt8](data) == expected)
        #expect(http.value(forHTTPHeaderField: "X-Content-Length") == "\(expected.count)")
        #expect(http.value(forHTTPHeaderField: "X-Transfer-Encoding") == "none")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).isEmpty)
    }

    @Test func streamedFormArrivesIntact() async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let form = try makeForm(in: directory, fileSize: 2 << 20)
        let (data, response) = try await MultipartUploader().streamingUpload(form, with: post(server.url("/echo")))
        let http = try #require(response as? HTTPURLResponse)
        #expect(http.statusCode == 200)
        #expect([UInt8](data) == (try form.encodedBytes()))
        #if !canImport(Darwin)
            #expect(http.value(forHTTPHeaderField: "X-Content-Length") == "none")
            #expect(http.value(forHTTPHeaderField: "X-Transfer-Encoding") == "chunked")
        #endif
    }

    /// What URLSession does on a redirect or an authentication retry: it asks the delegate for a new stream.
    ///
    /// swift-corelibs-foundation 6.3 does not call `needNewBodyStream` on a 307 with a streamed body, so the
    /// replay is driven here the way URLSession on Apple platforms drives it.
    @Test func providerMakesAFreshIdenticalStreamEachTimeURLSessionAsks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let counter = Counter()
        let form = try makeForm(in: directory, fileSize: 300_000, streamCounter: counter)
        let provider = BodyStreamProvider()
        let session = URLSession(configuration: .ephemeral, delegate: provider, delegateQueue: nil)
        defer { session.invalidateAndCancel() }
        let task = session.uploadTask(withStreamedRequest: post(URL(string: "http://127.0.0.1:9/none")!))
        provider.register(form.serializedBody.body, for: task)
        let streams = StreamBox()
        for _ in 0..<3 {
            provider.urlSession(session, task: task, needNewBodyStream: { streams.append($0) })
        }
        let expected = try form.encodedBytes()
        #expect(streams.values.count == 3)
        for stream in streams.values { #expect(try readAll(try #require(stream), readSize: 65524) == expected) }
        #expect(counter.count == 4)
    }
}

/// Streams handed out by the provider.
private final class StreamBox: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_values: [InputStream?] = []

    func append(_ stream: InputStream?) {
        lock.lock()
        locked_values.append(stream)
        lock.unlock()
    }

    var values: [InputStream?] {
        lock.lock()
        defer { lock.unlock() }
        return locked_values
    }
}
