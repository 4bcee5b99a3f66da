import Foundation
import Testing
import Wireform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A caller's reader that produces more or fewer bytes than it declared, sent by URLSession as
/// `URLRequest.httpBodyStream`, never reaches the server as a complete request; the stream holds Wireform's error.
@Suite struct URLSessionDeclaredLengthTests {
    @Test(arguments: LengthMismatchCase.all.filter { $0.source == .reader })
    func readerOffItsDeclaredLengthNeverReachesTheServerWhole(_ lengthCase: LengthMismatchCase) async throws {
        guard SinkServer.pythonPath != nil else {
            Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
            return
        }
        let server = try SinkServer()
        defer { server.stop() }
        let request = try SerializedRequest(
            method: .post, url: #require(URL(string: server.url("/sink"))), body: lengthCase.body
        ).urlRequest()
        let stream = try #require(request.httpBodyStream)
        await #expect(throws: (any Error).self) { _ = try await URLSession.shared.data(for: request) }
        let error = try #require(stream.streamError as? SerializationError)
        #expect(error.code == .lengthMismatch)
        #expect(lengthCase.isExplained(by: error.reason), "\(error.reason)")
        let records = try await server.records(atLeast: 1)
        #expect(records.map(\.complete) == [false])
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
