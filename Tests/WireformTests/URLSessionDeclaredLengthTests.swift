import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A caller's reader that produces more or fewer bytes than it declared never reaches the server as a complete
/// request through URLSession: on Apple platforms the `httpBodyStream` holds Wireform's error; on Linux
/// `urlRequest()` reads such a small body itself and throws that error before anything is sent.
@Suite struct URLSessionDeclaredLengthTests {
    @Test(arguments: LengthMismatchCase.all.filter { $0.source == .reader })
    func readerOffItsDeclaredLengthNeverReachesTheServerWhole(_ lengthCase: LengthMismatchCase) async throws {
        guard SinkServer.pythonPath != nil else {
            Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
            return
        }
        let server = try await SinkServer.started()
        defer { server.stop() }
        let serialized = try SerializedRequest(
            method: .post, url: #require(URL(string: server.url("/sink"))), body: lengthCase.body)
        #if canImport(Darwin)
            let request = try serialized.urlRequest()
            let stream = try #require(request.httpBodyStream)
            await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(for: request) }
            let error = try #require(stream.streamError as? SerializationError)
            #expect(error.code == .lengthMismatch)
            #expect(lengthCase.isExplained(by: error.reason), "\(error.reason)")
            let records = try await server.records(atLeast: 1)
            #expect(records.map(\.complete) == [false])
        #else
            // On Linux a body of at most 4 MiB is read by urlRequest() (so it keeps its Content-Length): the
            // overrun or shortfall is Wireform's error there, before anything is sent.
            let error = try #require(throws: SerializationError.self) { try serialized.urlRequest() }
            #expect(error.code == .lengthMismatch)
            #expect(lengthCase.isExplained(by: error.reason), "\(error.reason)")
            let records = try await server.records(atLeast: 0)
            #expect(records.allSatisfy { !$0.complete })
        #endif
    }
}

extension SinkServer {
    /// The records once there are at least `count` of them, or what there is after about ten seconds.
    fileprivate func records(atLeast count: Int) async throws -> [Record] {
        var records: [Record] = []
        for _ in 0..<200 {
            let (data, _) = try await URLSession.shared.data(from: #require(URL(string: url("/log"))))
            records = try JSONDecoder().decode([Record].self, from: data)
            if records.count >= count { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return records
    }
}
