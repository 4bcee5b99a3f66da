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
        let stream = MessageBody(length: .known(Int64(streamed.count))) {
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

/// Upload progress and cancellation (issue 24): the request keeps its exact `Content-Length`, progress ends at the
/// body's length, and cancelling the calling task ends the upload with `cancelled`.
@Suite(
    .serialized, .enabled(if: EchoServer.pythonPath != nil, "python3 is missing: cannot start the local HTTP server"))
struct MultipartUploaderProgressTests {
    /// Collects progress reports from URLSession's queue.
    private final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var locked_values: [BodyProgress] = []

        func append(_ progress: BodyProgress) {
            lock.lock()
            locked_values.append(progress)
            lock.unlock()
        }

        var values: [BodyProgress] {
            lock.lock()
            defer { lock.unlock() }
            return locked_values
        }
    }

    private func post(_ url: URL) -> URLRequest {
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        request.timeoutInterval = 20
        return request
    }

    private func form(bytes: Int) throws -> MultipartForm {
        var form = MultipartForm(boundary: try .constant("progress-boundary"))
        form.append("bang", name: "user[name]")
        try form.append(patternBytes(bytes, seed: 3), name: "file", fileName: "a.bin")
        return form
    }

    /// A small form goes from memory, a large one from a temporary file.
    @Test(arguments: zip([100_000, 3_000_000], [4_000_000, 1_000_000]))
    func progressEndsAtTheExactLengthAndContentLengthIsKept(size: Int, threshold: Int) async throws {
        let server = try EchoServer()
        defer { server.stop() }
        let form = try form(bytes: size)
        let expected = try form.encodedBytes()
        let reports = Reports()
        let uploader = MultipartUploader(inMemoryThreshold: Int64(threshold))
        let (data, response) = try await uploader.upload(form, with: post(server.url("/echo"))) { reports.append($0) }
        let http = try #require(response as? HTTPURLResponse)
        #expect([UInt8](data) == expected)
        #expect(http.value(forHTTPHeaderField: "X-Content-Length") == "\(expected.count)")
        let values = reports.values
        #expect(!values.isEmpty)
        #expect(values.last?.completedBytes == Int64(expected.count))
        #expect(values.allSatisfy { $0.totalBytes == Int64(expected.count) })
        #expect(zip(values, values.dropFirst()).allSatisfy { $0.completedBytes <= $1.completedBytes })
    }

    @Test func cancellingTheTaskCancelsTheUpload() async throws {
        let listener = try QuietListener()
        defer { listener.close() }
        let form = try form(bytes: 100_000)
        let request = post(URL(string: "http://127.0.0.1:\(listener.port)/upload")!)
        let upload = Task { try await MultipartUploader().upload(form, with: request) }
        try await Task.sleep(for: .milliseconds(200))
        upload.cancel()
        let started = ContinuousClock.now
        do {
            _ = try await upload.value
            Issue.record("The upload to a server that never answers returned")
        } catch let error as SerializationError {
            #expect(error.code == .cancelled)
            #expect(error.reason == "The upload to 'http://127.0.0.1:\(listener.port)/upload' was cancelled")
        }
        #expect(ContinuousClock.now - started < .seconds(10))
    }
}

/// A TCP socket on 127.0.0.1 that listens but never accepts: a client connects (the kernel queues it) and waits for
/// an answer that never comes.
private struct QuietListener {
    let descriptor: Int32
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
        }
        guard bound == 0, listen(descriptor, 8) == 0 else { throw POSIXError(.EADDRINUSE) }
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard named == 0 else { throw POSIXError(.EBADF) }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}
