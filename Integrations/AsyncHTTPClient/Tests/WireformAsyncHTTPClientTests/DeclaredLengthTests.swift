import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import Wireform
import WireformAsyncHTTPClient

/// A caller's body that produces more or fewer bytes than it declared never reaches the server as a complete
/// request, even when the declared length ends on a chunk edge: the last declared bytes wait for the source's end.
@Suite struct DeclaredLengthTests {
    @Test(arguments: LengthMismatchCase.all)
    func bodyOffItsDeclaredLengthNeverReachesTheServerWhole(_ lengthCase: LengthMismatchCase) async throws {
        try await withSinkServer { server in
            let request = try SerializedRequest(
                method: .post, url: server.url("/sink"), body: lengthCase.body)
            let error = await #expect(throws: SerializationError.self) {
                let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 20)
            }
            #expect(error?.code == .lengthMismatch)
            #expect(error?.reason == lengthCase.reason)
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
            #expect(records.allSatisfy { $0.size < lengthCase.declared })
        }
    }

    /// Issue 30, H4: a body declared as 0 bytes was sent as `Content-Length: 0` without its source ever being read,
    /// so the caller got the server's 200 whatever the source produced.
    @Test(arguments: [LengthMismatchCase.Source.reader, .asyncChunks])
    func bodyDeclaredEmptyThatProducesBytesIsRefused(_ source: LengthMismatchCase.Source) async throws {
        let lengthCase = LengthMismatchCase(declared: 0, produced: 5, chunkSize: 5, source: source)
        try await withSinkServer { server in
            let request = try SerializedRequest(method: .post, url: server.url("/sink"), body: lengthCase.body)
            let error = await #expect(throws: SerializationError.self) {
                let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 20)
            }
            #expect(error?.code == .lengthMismatch)
            #expect(error.map { lengthCase.isExplained(by: $0.reason) } == true, "\(String(describing: error))")
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
        }
    }

    /// An empty file that grows after the body was made: the same refusal as inside a multipart form.
    @Test func emptyFileThatGrowsBeforeItIsSentIsRefused() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-h4-\(UUID().uuidString)")
        try Data().write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        let body = try MessageBody(fileAt: path)
        try Data("grown".utf8).write(to: path)
        try await withSinkServer { server in
            let request = try SerializedRequest(method: .post, url: server.url("/sink"), body: body)
            let error = await #expect(throws: SerializationError.self) {
                let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(30))
                _ = try await response.body.collect(upTo: 1 << 20)
            }
            #expect(error?.code == .lengthMismatch)
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
        }
    }

    /// A stream declared empty that is empty still reaches the server whole, with an empty body.
    @Test func emptyStreamIsSentWhole() async throws {
        let lengthCase = LengthMismatchCase(declared: 0, produced: 0, chunkSize: 5, source: .asyncChunks)
        try await withSinkServer { server in
            let request = try SerializedRequest(method: .post, url: server.url("/sink"), body: lengthCase.body)
            let response = try await HTTPClient.shared.execute(HTTPClientRequest(request), timeout: .seconds(30))
            #expect(response.status == .ok)
            _ = try await response.body.collect(upTo: 1 << 20)
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [true])
            #expect(records.map(\.size) == [0])
        }
    }
}
