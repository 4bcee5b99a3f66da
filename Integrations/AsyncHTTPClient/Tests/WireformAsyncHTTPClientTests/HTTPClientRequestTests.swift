import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Wireform
import WireformAsyncHTTPClient
import WireformMultipart

@Suite struct HTTPClientRequestTests {
    @Test func carriesMethodExactQueryAndHeadersInOrder() async throws {
        try await withSinkServer { server in
            var headers = HeaderFields()
            try headers.setValue("one", for: Wireform.HeaderFields.Name("X-First")!)
            try headers.setValue("two", for: Wireform.HeaderFields.Name("X-Second")!)
            let request = try RequestSerializer().serializedRequest(
                method: .get, url: server.url("/sink/a%20b"), headers: headers,
                parameters: ["q": "a b&c=d", "emoji": "😀", "list": [1, 2], "nested": ["k": "v/?"]])
            let target = "/sink/a%20b?emoji=%F0%9F%98%80&list%5B%5D=1&list%5B%5D=2&nested%5Bk%5D=v/?&q=a%20b%26c%3Dd"
            #expect(request.url == server.url(target))
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(10))
            let record = try await response.record()
            #expect(record.method == "GET")
            #expect(record.target == target)
            #expect(record.values("X-First") == ["one"])
            #expect(record.values("X-Second") == ["two"])
            #expect(record.values("Content-Length") == [])
            #expect(record.values("Transfer-Encoding") == [])
        }
    }

    /// By default AsyncHTTPClient writes `Host` for each request, so a redirect it follows to another host (here
    /// `localhost` from `127.0.0.1`) carries the new host's, not the first request's.
    @Test func redirectFollowedByTheClientCarriesTheNewHost() async throws {
        try await withSinkServer { server in
            let next = "http://localhost:\(server.port)/sink"
            let encoded = try #require(next.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            let request = try SerializedRequest(method: .get, url: server.url("/redirect/302?to=" + encoded))
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(10))
            #expect(try await response.record().target == "/sink")
            let records = try await server.records()
            #expect(records.map { $0.values("Host") } == [["127.0.0.1:\(server.port)"], ["localhost:\(server.port)"]])
        }
    }

    @Test func inMemoryBodyIsSentAsBytesWithItsLength() async throws {
        try await withSinkServer { server in
            let request = try RequestSerializer().serializedRequest(
                method: .post, url: server.url("/sink"), parameters: ["name": "Zoë", "tags": ["a", "b"]])
            let expected = try #require(request.body?.bytes)
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(10))
            let record = try await response.record()
            #expect(record.method == "POST")
            #expect(record.values("Content-Type") == ["application/x-www-form-urlencoded"])
            #expect(record.values("Content-Length") == ["\(expected.count)"])
            #expect(record.values("Transfer-Encoding") == [])
            #expect(record.sha256 == SHA256.hex(expected))
        }
    }

    @Test func queryMethodIsSentAsQUERYWithItsBody() async throws {
        try await withSinkServer { server in
            let request = try RequestSerializer().serializedRequest(
                method: .query, url: server.url("/sink"), parameters: ["q": "wire form"])
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(10))
            let record = try await response.record()
            #expect(record.method == "QUERY")
            #expect(record.values("Content-Length") == ["13"])
            #expect(record.sha256 == SHA256.hex(Array("q=wire%20form".utf8)))
        }
    }

    @Test func streamedMultipartFileIsSentWithContentLengthAndNoChunking() async throws {
        try await withSinkServer { server in
            let (file, _) = try makeFile(count: 3 * 1024 * 1024 + 17)
            defer { try? FileManager.default.removeItem(at: file) }
            var form = try MultipartForm(boundary: .constant("wireform-test-boundary"))
            form.append("holiday", name: "album")
            try form.append(fileAt: file, name: "photo", fileName: "photo.bin")
            let request = try RequestSerializer().serializedRequest(
                method: .put, url: server.url("/sink"), body: form.serializedBody)
            let expected = try form.encodedBytes()
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(30))
            let record = try await response.record()
            #expect(record.method == "PUT")
            #expect(record.values("Content-Length") == ["\(expected.count)"])
            #expect(record.values("Transfer-Encoding") == [])
            #expect(record.values("Content-Type") == ["multipart/form-data; boundary=wireform-test-boundary"])
            #expect(record.size == expected.count)
            #expect(record.sha256 == SHA256.hex(expected))
        }
    }

    @Test func bodyOfUnknownLengthIsSentChunked() async throws {
        try await withSinkServer { server in
            let chunks: [ArraySlice<UInt8>] = [[1, 2, 3], [4, 5]]
            let body = MessageBody(length: .unknown) { chunks.async }
            let request = try SerializedRequest(method: .post, url: server.url("/sink"), body: body)
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(10))
            let record = try await response.record()
            #expect(record.values("Transfer-Encoding") == ["chunked"])
            #expect(record.values("Content-Length") == [])
            #expect(record.sha256 == SHA256.hex([1, 2, 3, 4, 5]))
        }
    }

    /// How a test changes a 4 MiB file after its first chunk was read, and the error that must end the upload.
    struct SizeChange: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var change: @Sendable (FileHandle) throws -> Void
        var reason: @Sendable (String) -> String
    }

    static let sizeChanges = [
        SizeChange(
            testDescription: "shrinks",
            change: { try $0.truncate(atOffset: 1024 * 1024) },
            reason: { "The file '\($0)' ended after 1048576 of 4194304 bytes" }),
        SizeChange(
            testDescription: "grows",
            change: { handle in
                _ = try handle.seekToEnd()
                try handle.write(contentsOf: Data([1, 2, 3, 4, 5]))
            },
            reason: { "The file '\($0)' grew past the 4194304 bytes it had when the body was made" }),
    ]

    @Test(arguments: sizeChanges)
    func fileThatChangesSizeMidUploadEndsTheRequestWithWireformsError(_ sizeChange: SizeChange) async throws {
        try await withSinkServer { server in
            let (file, _) = try makeFile(count: 4 * 1024 * 1024)
            defer { try? FileManager.default.removeItem(at: file) }
            let request = try SerializedRequest(
                method: .post, url: server.url("/sink"), body: try MessageBody(fileAt: file))
            let once = OnceFlag()
            let error = await #expect(throws: SerializationError.self) {
                let response = try await HTTPClient.shared.execute(
                    HTTPClientRequest(request) { _ in
                        guard once.claim() else { return }
                        let handle = try? FileHandle(forWritingTo: file)
                        if let handle { try? sizeChange.change(handle) }
                        try? handle?.close()
                    },
                    timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 20)
            }
            #expect(error?.code == .lengthMismatch)
            #expect(error?.reason == sizeChange.reason(file.path))
            // The error comes before the last bytes go out, so the server never holds a whole body (and the
            // client never a response that could race the error).
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
        }
    }

    @Test func uploadProgressCountsEveryByte() async throws {
        try await withSinkServer { server in
            let (file, bytes) = try makeFile(count: 2 * 1024 * 1024 + 5)
            defer { try? FileManager.default.removeItem(at: file) }
            let request = try SerializedRequest(
                method: .post, url: server.url("/sink"), body: try MessageBody(fileAt: file))
            let log = ProgressLog()
            let response = try await HTTPClient.shared.execute(
                HTTPClientRequest(request) { log.append($0) }, timeout: .seconds(30))
            let record = try await response.record()
            #expect(record.sha256 == SHA256.hex(bytes))
            #expect(record.values("Content-Length") == ["\(bytes.count)"])
            #expect(log.all.last?.completedBytes == Int64(bytes.count))
            #expect(log.all.last?.totalBytes == Int64(bytes.count))
        }
    }
}
