import Foundation
import Testing

/// Runs `body` with a fresh sink server, or records an issue when python3 is missing.
func withSinkServer(_ body: (SinkServer) async throws -> Void) async throws {
    guard SinkServer.pythonPath != nil else {
        Issue.record("python3 is required for the end-to-end tests (apt-get install python3)")
        return
    }
    let server = try SinkServer()
    defer { server.stop() }
    try await body(server)
}
