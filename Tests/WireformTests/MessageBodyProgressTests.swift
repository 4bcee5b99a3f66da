import Foundation
import Testing
import Wireform
import WireformFoundation

/// Collects progress values from any thread.
private final class ProgressLog: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_values: [BodyProgress] = []

    func append(_ value: BodyProgress) {
        lock.lock()
        locked_values.append(value)
        lock.unlock()
    }

    var values: [BodyProgress] {
        lock.lock()
        defer { lock.unlock() }
        return locked_values
    }
}

@Suite struct MessageBodyProgressTests {
    @Test func readerReportsEveryRead() throws {
        let log = ProgressLog()
        let body = MessageBody(bytes: Array(repeating: 7, count: 10)).reportingProgress { log.append($0) }
        var reader = try body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 4)
        while try buffer.withUnsafeMutableBytes({ try reader.read(into: $0) }) > 0 {}
        #expect(log.values.map(\.completedBytes) == [4, 8, 10])
        #expect(log.values.allSatisfy { $0.totalBytes == 10 })
        #expect(log.values.last?.fractionCompleted == 1)
        #expect(body.length == .known(10))
    }

    @Test func asyncChunksReportAndRestartOnReplay() async throws {
        let log = ProgressLog()
        let source = MessageBody(length: .unknown) { [[1, 2, 3][...], [4][...]].async }
        let body = source.reportingProgress { log.append($0) }
        for _ in 0..<2 {
            var collected: [UInt8] = []
            for try await chunk in body.chunks() { collected += chunk }
            #expect(collected == [1, 2, 3, 4])
        }
        #expect(log.values.map(\.completedBytes) == [3, 4, 3, 4])
        #expect(log.values.allSatisfy { $0.totalBytes == nil && $0.fractionCompleted == nil })
    }

    @Test func inputStreamOfAProgressBodyReportsToo() throws {
        let log = ProgressLog()
        let body = MessageBody(bytes: [1, 2, 3]).reportingProgress { log.append($0) }
        let stream = try body.makeInputStream()
        stream.open()
        var buffer = [UInt8](repeating: 0, count: 8)
        #expect(buffer.withUnsafeMutableBufferPointer { stream.read($0.baseAddress!, maxLength: 8) } == 3)
        #expect(log.values == [BodyProgress(completedBytes: 3, totalBytes: 3)])
    }
}

extension Array where Element == ArraySlice<UInt8> {
    /// The chunks as an async sequence, for tests.
    fileprivate var async: AsyncStreamChunks { AsyncStreamChunks(chunks: self) }
}

/// A replayable async sequence of fixed chunks.
struct AsyncStreamChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let chunks: [ArraySlice<UInt8>]

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: [ArraySlice<UInt8>]
        mutating func next() async -> ArraySlice<UInt8>? { remaining.isEmpty ? nil : remaining.removeFirst() }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks) }
}
