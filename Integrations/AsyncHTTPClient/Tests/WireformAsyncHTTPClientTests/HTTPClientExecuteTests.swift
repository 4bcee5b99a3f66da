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
                    == "The 307 redirect to '\(server.url("/sink"))' was not followed: the body cannot be read a "
                    + "second time")
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

    /// A client that follows no redirect itself, so that every redirect reaches Wireform's rule.
    static func withNonFollowingClient(_ body: (HTTPClient) async throws -> Void) async throws {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
        do {
            try await body(client)
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
    }

    /// 301 and 302 after `POST`, and 303, become `GET` without body or `Content-Type` (Wireform's rule, not
    /// AsyncHTTPClient's).
    @Test(arguments: [301, 302, 303])
    func postRedirectBecomesGetWithoutBody(status: Int) async throws {
        try await withSinkServer { server in
            try await Self.withNonFollowingClient { client in
                let request = try RequestSerializer().serializedRequest(
                    method: .post, url: server.url("/redirect/\(status)"), parameters: ["a": "b"])
                let response = try await client.execute(request, timeout: .seconds(10))
                #expect(response.status == .ok)
                let final = try await response.record()
                #expect(final.method == "GET")
                #expect(final.target == "/sink")
                #expect(final.size == 0)
                #expect(final.values("Content-Type") == [])
                #expect(final.values("Content-Length").allSatisfy { $0 == "0" })
            }
        }
    }

    /// Credentials and a caller's `Host` are not sent to another origin (`localhost` after `127.0.0.1`); the body
    /// is, on a 307.
    @Test func crossOriginRedirectDropsCredentialsAndKeepsTheBody() async throws {
        try await withSinkServer { server in
            try await Self.withNonFollowingClient { client in
                let target = server.url("/sink").replacingOccurrences(of: "127.0.0.1", with: "localhost")
                var headers = HeaderFields()
                try headers.addValue("Bearer TOPSECRET", for: .authorization)
                try headers.addValue("sid=S3CRET", for: .cookie)
                try headers.addValue("127.0.0.1:\(server.port)", for: .host)
                let request = try SerializedRequest(
                    method: .put, url: server.url("/redirect/307?to=\(target)"), headers: headers,
                    body: MessageBody(length: .known(3)) { try MessageBody(bytes: [1, 2, 3]).makeReader() })
                let response = try await client.execute(request, timeout: .seconds(10))
                let final = try await response.record()
                #expect(final.method == "PUT")
                #expect(final.sha256 == SHA256.hex([1, 2, 3]))
                #expect(final.values("Authorization") == [])
                #expect(final.values("Cookie") == [])
                #expect(final.values("Host") == ["localhost:\(server.port)"])
                let records = try await server.records()
                #expect(records.first?.values("Authorization") == ["Bearer TOPSECRET"])
            }
        }
    }

    /// Issue 30, H7: a file edited in place (same size) between the first send and a 307 is not sent again with
    /// other bytes: the replay fails with `fileChanged`. Each step is sent by the caller's closure.
    @Test func fileEditedBeforeTheReplayIsNotSentAgain() async throws {
        try await withSinkServer { server in
            let (file, bytes) = try makeFile(count: 100_000)
            defer { try? FileManager.default.removeItem(at: file) }
            try FileManager.default.setAttributes(
                [.modificationDate: Date(timeIntervalSince1970: 1_000_000_000)], ofItemAtPath: file.path)
            let request = try SerializedRequest(
                method: .post, url: server.url("/redirect/307"), body: MessageBody(fileAt: file))
            var steps: [String] = []
            let error = await #expect(throws: SerializationError.self) {
                _ = try await request.send(followingRedirects: 3) { step in
                    steps.append(step.url)
                    let response = try await HTTPClient.shared.execute(HTTPClientRequest(step), timeout: .seconds(10))
                    if steps.count == 1 { try Data(bytes.reversed()).write(to: file) }
                    return response
                }
            }
            #expect(error?.code == .fileChanged)
            #expect(steps == [server.url("/redirect/307"), server.url("/sink")])
            let records = try await server.records()
            #expect(records.filter(\.complete).map(\.target) == ["/redirect/307"])
        }
    }
}
