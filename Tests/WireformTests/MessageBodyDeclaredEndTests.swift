import Foundation
import Testing
import Wireform
import WireformFoundation

/// The last declared bytes of a `.known(n)` body wait until its source has shown it has nothing more: a consumer
/// that stops at `n` bytes (a client that has sent `Content-Length` bytes) never holds a complete body from a source
/// that goes on, and a source that stays open never completes.
@Suite struct MessageBodyDeclaredEndTests {
    /// What a source that cannot tell whether it has ended throws when asked past its declared bytes.
    struct StillOpen: Error {}

    /// Two chunks of two bytes, then ``StillOpen`` where the end should be.
    struct StillOpenReader: BodyReader {
        private var chunks: [[UInt8]] = [[1, 2], [3, 4]]

        mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
            guard !chunks.isEmpty else { throw StillOpen() }
            let chunk = chunks.removeFirst()
            buffer.copyBytes(from: chunk)
            return chunk.count
        }
    }

    /// Reads like a `Content-Length` client: stops once it has `count` bytes.
    private func readDeclared(_ count: Int, from body: MessageBody, into received: inout [UInt8]) throws {
        var reader = try body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 16)
        while received.count < count {
            let read = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if read == 0 { return }
            received += buffer[0..<read]
        }
    }

    @Test func aReaderHandsOutItsLastDeclaredBytesOnlyAfterItsEnd() {
        let body = MessageBody(length: .known(4)) { StillOpenReader() }
        var received: [UInt8] = []
        #expect(throws: StillOpen.self) { try readDeclared(4, from: body, into: &received) }
        #expect(received == [1, 2])
    }

    @Test func aReaderThatGoesOnPastAChunkEdgeFailsBeforeItsLastChunk() throws {
        let body = MessageBody(length: .known(4)) { ByteArrayBodyReader([1, 2, 3, 4, 5]) }
        var received: [UInt8] = []
        var reader = try body.makeReader()
        var buffer = [UInt8](repeating: 0, count: 4)
        expectSerializationError(.lengthMismatch, "The body produced more than the 4 bytes it declared (at least 5)") {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            received += buffer[0..<count]
        }
        #expect(received == [])
    }

    @Test func aReaderOfExactlyItsLengthEndsCleanly() throws {
        let body = MessageBody(length: .known(4)) { ByteArrayBodyReader([1, 2, 3, 4]) }
        #expect(try body.collectSynchronously(upTo: 10) == [1, 2, 3, 4])
        var received: [UInt8] = []
        try readDeclared(4, from: body, into: &received)
        #expect(received == [1, 2, 3, 4])
    }

    @Test func asyncChunksHandOutTheLastDeclaredChunkOnlyAfterTheirEnd() async {
        let body = MessageBody(length: .known(4)) { StillOpenChunks() }
        let received = ReceivedBytes()
        await #expect(throws: StillOpen.self) {
            for try await chunk in body.chunks() {
                received.append(chunk)
                if received.count >= 4 { break }
            }
        }
        #expect(received.bytes == [1, 2])
    }

    @Test func asyncChunksThatGoOnPastAChunkEdgeFailBeforeTheLastChunk() async {
        let body = MessageBody(length: .known(4)) { AsyncStreamChunks(chunks: [[1, 2], [3, 4], [5]]) }
        let received = ReceivedBytes()
        await expectSerializationError(
            .lengthMismatch, "The body produced more than the 4 bytes it declared (at least 5)"
        ) {
            for try await chunk in body.chunks() { received.append(chunk) }
        }
        #expect(received.bytes == [1, 2])
    }

    /// A sequence that stays open after its declared bytes: the last chunk waits, then comes when it ends.
    @Test func anOpenSequenceHoldsItsLastChunkUntilItEnds() async throws {
        let (asked, askedContinuation) = AsyncStream.makeStream(of: Void.self)
        let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
        let body = MessageBody(length: .known(4)) {
            GatedChunks(asked: askedContinuation, release: release)
        }
        let received = ReceivedBytes()
        let consumer = Task {
            for try await chunk in body.chunks() { received.append(chunk) }
        }
        // The source is asked for more after its declared bytes: the consumer must not have the last chunk yet.
        for await _ in asked { break }
        #expect(received.bytes == [1, 2])
        releaseContinuation.finish()
        try await consumer.value
        #expect(received.bytes == [1, 2, 3, 4])
    }
}

/// Two chunks of two bytes, then ``MessageBodyDeclaredEndTests/StillOpen`` where the end should be.
private struct StillOpenChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: [ArraySlice<UInt8>] = [[1, 2], [3, 4]]

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !chunks.isEmpty else { throw MessageBodyDeclaredEndTests.StillOpen() }
            return chunks.removeFirst()
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator() }
}

/// Two chunks of two bytes; asked for a third, it says so on `asked` and ends when `release` ends.
private struct GatedChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let asked: AsyncStream<Void>.Continuation
    let release: AsyncStream<Void>

    struct AsyncIterator: AsyncIteratorProtocol {
        var chunks: [ArraySlice<UInt8>] = [[1, 2], [3, 4]]
        let asked: AsyncStream<Void>.Continuation
        let release: AsyncStream<Void>

        mutating func next() async -> ArraySlice<UInt8>? {
            if !chunks.isEmpty { return chunks.removeFirst() }
            asked.yield()
            for await _ in release {}
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(asked: asked, release: release) }
}

/// Bytes a consumer received, readable from the test while the consumer runs.
private final class ReceivedBytes: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_bytes: [UInt8] = []

    func append(_ chunk: ArraySlice<UInt8>) { lock.withLock { locked_bytes += chunk } }
    var bytes: [UInt8] { lock.withLock { locked_bytes } }
    var count: Int { lock.withLock { locked_bytes.count } }
}
