import AsyncHTTPClient
import Foundation
import NIOCore

extension SinkServer {
    /// Every request the server saw, in order.
    func records() async throws -> [Record] {
        let response = try await HTTPClient.shared.execute(HTTPClientRequest(url: url("/log")), timeout: .seconds(10))
        let body = try await response.body.collect(upTo: 1 << 24)
        return try JSONDecoder().decode([Record].self, from: Data(body.readableBytesView))
    }

    /// The records once there are at least `count` of them, or what there is after about ten seconds.
    ///
    /// The server records a request whose body was cut off when it sees the connection close, which can be after
    /// the client has already reported its error.
    func records(atLeast count: Int) async throws -> [Record] {
        var records = try await records()
        for _ in 0..<200 where records.count < count {
            try await Task.sleep(for: .milliseconds(50))
            records = try await self.records()
        }
        return records
    }
}
