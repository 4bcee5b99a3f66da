import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Testing
import Wireform
import WireformOpenAPIRuntime

/// A caller's body that produces more or fewer bytes than it declared, sent as an `HTTPBody` through an OpenAPI
/// transport, never reaches the server as a complete request, even when the declared length ends on a chunk edge.
@Suite struct DeclaredLengthTests {
    private func send(_ body: HTTPBody, to server: SinkServer) async throws {
        let request = HTTPRequest(method: .put, scheme: nil, authority: nil, path: "/sink")
        let transport = AsyncHTTPClientTransport()
        _ = try await ContentLengthMiddleware().intercept(
            request, body: body, baseURL: URL(string: server.url(""))!, operationID: "upload",
            next: { try await transport.send($0, body: $1, baseURL: $2, operationID: "upload") })
    }

    @Test(arguments: LengthMismatchCase.all)
    func wireformBodyOffItsDeclaredLengthNeverReachesTheServerWhole(_ lengthCase: LengthMismatchCase) async throws {
        try await withSinkServer { server in
            let error = await #expect(throws: SerializationError.self) {
                try await send(HTTPBody(lengthCase.body), to: server)
            }
            #expect(error?.code == .lengthMismatch)
            #expect(error?.reason == lengthCase.reason)
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
        }
    }

    /// The caller's own `HTTPBody` of chunks with a known length, through Wireform and back.
    @Test(arguments: LengthMismatchCase.all.filter { $0.source == .asyncChunks })
    func httpBodyOffItsDeclaredLengthNeverReachesTheServerWhole(_ lengthCase: LengthMismatchCase) async throws {
        try await withSinkServer { server in
            let callers = HTTPBody(
                CountingChunks(count: lengthCase.produced, chunkSize: lengthCase.chunkSize),
                length: .known(Int64(lengthCase.declared)), iterationBehavior: .multiple)
            let error = await #expect(throws: SerializationError.self) {
                try await send(HTTPBody(MessageBody(callers)), to: server)
            }
            #expect(error?.code == .lengthMismatch)
            #expect(error?.reason == lengthCase.reason)
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
        }
    }
}
