import Foundation
import Testing
import Wireform
import WireformMultipart

/// Lines joined with CRLF, as UTF-8 bytes.
func crlf(_ lines: String...) -> [UInt8] { Array(lines.joined(separator: "\r\n").utf8) }

/// A form with the boundary pinned to `B`.
func pinnedForm(_ subtype: MultipartSubtype = .formData) throws -> MultipartForm {
    try MultipartForm(subtype: subtype, boundary: .constant("B"))
}

/// A form with the boundary pinned to `B` and `parameters` flattened by the brackets style.
func pinnedForm(parameters: ParameterValue, boundary: String = "B") throws -> MultipartForm {
    var form = try MultipartForm(boundary: .constant(boundary))
    try form.append(parameters: parameters, queryStyle: .brackets)
    return form
}

/// The boundary a form's `Content-Type` names.
func boundaryParameter(of form: MultipartForm) -> String? { form.serializedBody.contentType.parameter("boundary") }

/// A fresh temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

/// Deterministic test bytes.
func patternBytes(_ count: Int, seed: UInt8 = 0) -> [UInt8] {
    (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed) &+ $0 >> 8) }
}

/// Reads a body through its synchronous reader with a fixed read size.
func readAll(_ body: MessageBody, readSize: Int) throws -> [UInt8] {
    var reader = try body.makeReader()
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: readSize)
    while true {
        let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
        if count == 0 { return result }
        result += chunk[0..<count]
    }
}

/// Reads an input stream to its end with a fixed read size; throws the stream's error on failure.
func readAll(_ stream: InputStream, readSize: Int) throws -> [UInt8] {
    stream.open()
    defer { stream.close() }
    var result: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: readSize)
    while true {
        let count = chunk.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: readSize) }
        if count < 0 {
            throw stream.streamStatus == .error ? stream.streamError! : CocoaError(.fileReadUnknown)
        }
        if count == 0 { return result }
        result += chunk[0..<count]
    }
}

/// Collects a body through its async chunks.
func collectChunks(_ body: MessageBody, chunkSize: Int = 256 * 1024) async throws -> [UInt8] {
    var result: [UInt8] = []
    for try await chunk in body.chunks(chunkSize: chunkSize) { result += chunk }
    return result
}

/// Expects a `SerializationError` with a code and an exact reason.
func expectError(
    _ code: SerializationError.Code,
    _ reason: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("Expected a '\(code)' error", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        if let reason { #expect(error.reason == reason, sourceLocation: sourceLocation) }
    } catch {
        Issue.record("Unexpected error \(error)", sourceLocation: sourceLocation)
    }
}

/// Expects a `SerializationError` with a code from an async operation.
func expectError(
    _ code: SerializationError.Code,
    _ reason: String? = nil,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () async throws -> Void
) async {
    do {
        try await body()
        Issue.record("Expected a '\(code)' error", sourceLocation: sourceLocation)
    } catch let error as SerializationError {
        #expect(error.code == code, "\(error)", sourceLocation: sourceLocation)
        if let reason { #expect(error.reason == reason, sourceLocation: sourceLocation) }
    } catch {
        Issue.record("Unexpected error \(error)", sourceLocation: sourceLocation)
    }
}
