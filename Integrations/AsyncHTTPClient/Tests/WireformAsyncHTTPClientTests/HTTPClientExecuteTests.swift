import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import Wireform
import WireformAsyncHTTPClient
import WireformMultipart

@Suite struct HTTPClientExecuteTests {
    @Test(arguments: ["/redirect/307", "/redirect/308"])
    func redirectReplaysTheStreamedBodyByteForByte(_ path: String) async throws {
        try await withSinkServer { server in
            let (file, _) = try makeFile(count: 2 * 1024 * 1024 + 3)
            defer { try? FileManager.default.removeItem(at: file) }
            var form = try MultipartForm(boundary: .constant("replay-boundary"))
            form.append("one", name: "field")
            try form.append(fileAt: file, name: "upload")
            let request = try RequestSerializer().serializedRequest(
                method: .post, url: server.url(path), body: form.serializedBody)
            let expected = try form.encodedBytes()
            let log = ProgressLog()
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30)) { log.append($0) }
            #expect(response.status == .ok)
            let final = try await response.record()
            #expect(final.target == "/sink")
            let records = try await server.records()
            #expect(records.map(\.target) == [path, "/sink"])
            #expect(records.map(\.method) == ["POST", "POST"])
            #expect(records.map(\.sha256) == [SHA256.hex(expected), SHA256.hex(expected)])
            #expect(records.map { $0.values("Content-Length") } == [["\(expected.count)"], ["\(expected.count)"]])
            #expect(records.map { $0.values("Transfer-Encoding") } == [[], []])
            // Progress restarts for the replayed body.
            let restarts = log.all.filter { $0.completedBytes <= 1024 * 1024 }.count
            #expect(restarts == 2)
        }
    }

    @Test func singleUseBodyIsRefusedOnRedirectWithAClearError() async throws {
        try await withSinkServer { server in
            let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
            continuation.yield([1, 2, 3])
            continuation.finish()
            let body = MessageBody(length: .known(3), singleUse: stream)
            let request = try SerializedRequest(method: .post, url: server.url("/redirect/307"), body: body)
            let error = await #expect(throws: SerializationError.self) {
                _ = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            }
            #expect(error?.code == .bodyAlreadyConsumed)
            #expect(
                error?.reason
                    == "The server answered 307 with a redirect to '\(server.url("/sink"))', which needs the body "
                    + "sent again, but the body is single-use and has already been sent")
            let records = try await server.records()
            #expect(records.map(\.target) == ["/redirect/307"])
            #expect(records.map(\.sha256) == [SHA256.hex([1, 2, 3])])
        }
    }

    @Test func requestWithoutBodyFollowsRedirect() async throws {
        try await withSinkServer { server in
            let request = try SerializedRequest(method: .delete, url: server.url("/redirect/308"))
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))
            #expect(response.status == .ok)
            #expect(try await response.record().method == "DELETE")
        }
    }

    @Test func redirectLimitIsEnforced() async throws {
        try await withSinkServer { server in
            let request = try SerializedRequest(
                method: .post, url: server.url("/redirect/307"),
                body: MessageBody(length: .known(1)) { try MessageBody(bytes: [7]).makeReader() })
            let error = await #expect(throws: HTTPClientError.self) {
                _ = try await HTTPClient.shared.execute(request, timeout: .seconds(10), redirectLimit: 0)
            }
            #expect(error == .redirectLimitReached)
        }
    }
}
