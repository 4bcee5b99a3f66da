import Foundation
import Testing
import Wireform

/// Runs `body` and expects a ``SerializationError`` with exactly this code and, when given, this reason.
/// - Returns: The error, for further checks.
@discardableResult
func expectSerializationError(
    _ code: SerializationError.Code,
    _ reason: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> SerializationError? {
    do {
        try body()
        Issue.record(
            "Expected a SerializationError with code '\(code)', but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == code, sourceLocation: sourceLocation)
        if let reason { #expect(error.reason == reason, sourceLocation: sourceLocation) }
        return error
    } catch {
        Issue.record("Expected a SerializationError, got \(error)", sourceLocation: sourceLocation)
    }
    return nil
}

/// The header fields of a request as `Name: value` lines, in order.
func headerLines(_ headers: HeaderFields) -> [String] {
    headers.map { "\($0.name): \($0.value)" }
}

/// The in-memory bytes of a body.
func bytes(_ body: SerializedBody, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    try #require(body.body.bytes, sourceLocation: sourceLocation)
}

/// The in-memory bytes of a request's body.
func bytes(_ request: SerializedRequest, sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
    try #require(request.body?.bytes, sourceLocation: sourceLocation)
}

/// The in-memory body as UTF-8 text.
func text(_ body: SerializedBody, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
    String(decoding: try bytes(body, sourceLocation: sourceLocation), as: UTF8.self)
}

/// Bytes as lowercase hexadecimal, two digits each.
func hex(_ bytes: [UInt8]) -> String {
    bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
}
