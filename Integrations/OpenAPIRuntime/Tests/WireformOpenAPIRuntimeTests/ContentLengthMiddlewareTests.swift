import AsyncHTTPClient
import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing
import Wireform
import WireformMultipart
import WireformOpenAPIRuntime

@Suite struct ContentLengthMiddlewareTests {
    /// Runs the middleware and returns the request the next step saw.
    private func intercepted(_ request: HTTPRequest, body: HTTPBody?) async throws -> HTTPRequest {
        let seen = SeenRequest()
        _ = try await ContentLengthMiddleware().intercept(
            request, body: body, baseURL: URL(string: "http://127.0.0.1")!, operationID: "upload"
        ) { request, _, _ in
            seen.set(request)
            return (HTTPResponse(status: .ok), nil)
        }
        return try #require(seen.request)
    }

    @Test func knownLengthBecomesContentLength() async throws {
        let request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/upload")
        let seen = try await intercepted(request, body: HTTPBody(MessageBody(bytes: [1, 2, 3, 4])))
        #expect(seen.headerFields[.contentLength] == "4")
    }

    @Test func existingContentLengthAndUnknownLengthAreLeftAlone() async throws {
        var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/upload")
        request.headerFields[.contentLength] = "4"
        #expect(try await intercepted(request, body: HTTPBody([1, 2, 3, 4])).headerFields[.contentLength] == "4")
        let unknown = HTTPBody(MessageBody(length: .unknown) { try MessageBody(bytes: [1]).makeReader() })
        let plain = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/upload")
        #expect(try await intercepted(plain, body: unknown).headerFields[.contentLength] == nil)
        #expect(try await intercepted(plain, body: nil).headerFields[.contentLength] == nil)
    }

    @Test func multipartFormReachesTheServerWithItsExactLength() async throws {
        try await withSinkServer { server in
            let (file, _) = try makeFile(count: 2 * 1024 * 1024 + 11)
            defer { try? FileManager.default.removeItem(at: file) }
            var form = try MultipartForm(boundary: .constant("openapi-e2e"))
            form.append("2026", name: "year")
            try form.append(fileAt: file, name: "report", fileName: "report.bin")
            let expected = try form.encodedBytes()
            var request = HTTPRequest(method: .post, scheme: nil, authority: nil, path: "/sink")
            let upload = form.serializedBody
            request.headerFields[.contentType] = upload.contentType.description
            let transport = AsyncHTTPClientTransport()
            let (response, responseBody) = try await ContentLengthMiddleware().intercept(
                request, body: HTTPBody(upload.body), baseURL: URL(string: server.url(""))!, operationID: "upload",
                next: { try await transport.send($0, body: $1, baseURL: $2, operationID: "upload") })
            #expect(response.status == .ok)
            let json = try await Data(collecting: try #require(responseBody), upTo: 1 << 20)
            let record = try JSONDecoder().decode(SinkServer.Record.self, from: json)
            #expect(record.method == "POST")
            #expect(record.values("Content-Length") == ["\(expected.count)"])
            #expect(record.values("Transfer-Encoding") == [])
            #expect(record.values("Content-Type") == ["multipart/form-data; boundary=openapi-e2e"])
            #expect(record.sha256 == SHA256.hex(expected))
        }
    }

    @Test func fileThatShrinksMidUploadEndsTheRequestWithWireformsError() async throws {
        try await withSinkServer { server in
            let (file, _) = try makeFile(count: 4 * 1024 * 1024)
            defer { try? FileManager.default.removeItem(at: file) }
            let shrunk = OnceFlag()
            let body = try MessageBody(fileAt: file).reportingProgress { _ in
                guard shrunk.claim() else { return }
                let handle = try? FileHandle(forWritingTo: file)
                try? handle?.truncate(atOffset: 1024 * 1024)
                try? handle?.close()
            }
            let request = HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/sink")
            let transport = AsyncHTTPClientTransport()
            let error = await #expect(throws: SerializationError.self) {
                _ = try await ContentLengthMiddleware().intercept(
                    request, body: HTTPBody(body), baseURL: URL(string: server.url(""))!, operationID: "upload",
                    next: { try await transport.send($0, body: $1, baseURL: $2, operationID: "upload") })
            }
            #expect(error?.code == .lengthMismatch)
            #expect(error?.reason == "The file '\(file.path)' ended after 1048576 of 4194304 bytes")
        }
    }
}

/// The request a test's `next` closure saw.
private final class SeenRequest: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_request: HTTPRequest?

    func set(_ request: HTTPRequest) { lock.withLock { locked_request = request } }
    var request: HTTPRequest? { lock.withLock { locked_request } }
}
