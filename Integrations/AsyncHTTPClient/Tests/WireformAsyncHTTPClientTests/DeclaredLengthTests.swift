import AsyncHTTPClient
import Foundation
import NIOCore
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
}
