import AsyncHTTPClient
import Foundation
import NIOCore
import Testing
import Wireform
import WireformAsyncHTTPClient

/// What `HTTPClient.execute(HTTPClientRequest(request, hostFieldFirst: true), …)` puts on an HTTP/1.1 connection
/// is, byte for byte, what `writeHTTP1Message` writes: a plain socket server answers with the bytes it read.
@Suite struct HTTP1MessageSendTests {
    /// A request to send, given the server's URL of a path.
    enum Shape: String, CaseIterable {
        case emptyGET
        case emptyPOST
        case hostField
        case userInfo
        case inMemoryBody
        case knownLengthStream
        case chunkedReader
        case chunkedAsyncChunks
        case chunkedDELETE
        /// `[` and `]` in the path and query (issue 39, R14): AsyncHTTPClient sends them escaped, and so does
        /// Wireform print them.
        case brackets

        /// The request, to the server's URLs.
        func request(_ url: (String) -> String) throws -> SerializedRequest {
            let bytes = (0..<(2 << 20) + 77).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
            switch self {
            case .emptyGET:
                return try SerializedRequest(method: .get, url: url("/a?b=c%20d"))
            case .emptyPOST:
                return try SerializedRequest(method: .post, url: url("/a"))
            case .hostField:
                let headers = try HeaderFields(validating: [("X-One", "1"), ("Host", "api.example"), ("x-two", "2")])
                return try SerializedRequest(method: .get, url: url("/h"), headers: headers)
            case .userInfo:
                return try SerializedRequest(
                    method: .delete, url: url("/u#fragment").replacingOccurrences(of: "://", with: "://user:pw@"))
            case .inMemoryBody:
                var request = try SerializedRequest(
                    method: .put, url: url("/m"), body: MessageBody(bytes: Array(bytes.prefix(3000))))
                // The initializer refuses this framing; a caller can still set it afterwards.
                request.headers = try HeaderFields(validating: [("Content-Length", "3")])
                return request
            case .knownLengthStream:
                return try SerializedRequest(
                    method: .post, url: url("/k"),
                    body: MessageBody(length: .known(Int64(bytes.count)), makeReader: { ByteArrayReader(bytes: bytes) })
                )
            case .chunkedReader:
                return try SerializedRequest(
                    method: .post, url: url("/c"),
                    body: MessageBody(length: .unknown, makeReader: { ByteArrayReader(bytes: bytes) }))
            case .chunkedAsyncChunks:
                let chunks = [bytes[0..<5], bytes[5..<70_000], bytes[70_000..<70_001]]
                return try SerializedRequest(
                    method: .patch, url: url("/s"), body: MessageBody(length: .unknown, makeChunks: { chunks.async }))
            case .brackets:
                return try SerializedRequest(method: .get, url: url("/p[q]?a=[1]"))
            case .chunkedDELETE:
                return try SerializedRequest(
                    method: .delete, url: url("/d"),
                    body: MessageBody(length: .unknown, makeChunks: { [bytes[0..<10]].async }))
            }
        }
    }

    /// Each shape: the bytes the server read are the bytes written, by size, SHA-256 and (when short) as text.
    @Test(arguments: Shape.allCases)
    func serverReceivesTheWrittenBytes(shape: Shape) async throws {
        guard SinkServer.pythonPath != nil else {
            Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
            return
        }
        let server = try EchoServer()
        defer { server.stop() }
        let request = try shape.request(server.url)
        let written = try await HTTP1MessageText(request).bytes

        // The default configuration: no decompression, whose handler would add `Accept-Encoding` (`HTTPClient.shared`
        // has it on).
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let received: [UInt8]
        do {
            let response = try await client.execute(
                HTTPClientRequest(request, hostFieldFirst: true), timeout: .seconds(30))
            received = Array(try await response.body.collect(upTo: 16 << 20).readableBytesView)
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        #expect(received.count == written.count)
        // Compared directly: two SHA-256 of 2 MiB per shape, in a debug build, held the cooperative pool's threads
        // for seconds and starved the tests beside these.
        let isSame = received == written
        #expect(isSame)
        if received.count < 4096 {
            #expect(String(decoding: received, as: UTF8.self) == String(decoding: written, as: UTF8.self))
        }
    }

    /// `HTTPClient.send(_:idleTimeout:hostFieldFirst:chunkSize:uploadProgress:)` sends the same bytes, and its
    /// response body, read under the idle deadline, is whole: a small streamed body of known length (the shapes above
    /// each build 2 MiB byte by byte).
    @Test func sendWithAnIdleTimeoutSendsTheWrittenBytes() async throws {
        guard SinkServer.pythonPath != nil else {
            Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
            return
        }
        let server = try EchoServer()
        defer { server.stop() }
        let bytes = [UInt8](repeating: 0x5A, count: 300_000)
        let request = try SerializedRequest(
            method: .post, url: server.url("/idle"),
            body: MessageBody(length: .known(Int64(bytes.count)), makeReader: { ByteArrayReader(bytes: bytes) }))
        let written = try await HTTP1MessageText(request).bytes
        let client = HTTPClient(eventLoopGroupProvider: .singleton)
        let received: [UInt8]
        do {
            let response = try await client.send(request, idleTimeout: .seconds(30), hostFieldFirst: true)
            received = Array(try await response.body.collect(upTo: 16 << 20).readableBytesView)
        } catch {
            try await client.shutdown()
            throw error
        }
        try await client.shutdown()
        #expect(received.count == written.count)
        let isSame = received == written
        #expect(isSame)
    }
}
