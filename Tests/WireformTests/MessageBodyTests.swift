import Foundation
import Testing
import Wireform
import WireformFoundation

/// A reader that hands out a byte pattern at most `step` bytes per call and can fail after `failAfter` bytes.
struct PatternReader: BodyReader {
    let total: Int
    var step = Int.max
    var failAfter: Int?
    private var position = 0

    init(total: Int, step: Int = .max, failAfter: Int? = nil) {
        self.total = total
        self.step = step
        self.failAfter = failAfter
    }

    static func bytes(_ total: Int) -> [UInt8] { (0..<total).map { UInt8(truncatingIfNeeded: $0 % 251) } }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failAfter, position >= failAfter {
            throw SerializationError(.lengthMismatch, "The pattern stopped at \(position) bytes")
        }
        let count = min(buffer.count, step, total - position, (failAfter ?? .max) - position)
        for offset in 0..<count { buffer[offset] = UInt8(truncatingIfNeeded: (position + offset) % 251) }
        position += count
        return count
    }
}

/// An async sequence of fixed chunks, made fresh each time.
struct FixedChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let chunks: [[UInt8]]

    struct AsyncIterator: AsyncIteratorProtocol {
        var remaining: [[UInt8]]
        mutating func next() async -> ArraySlice<UInt8>? {
            remaining.isEmpty ? nil : ArraySlice(remaining.removeFirst())
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(remaining: chunks) }
}

@Suite struct MessageBodyTests {
    static let sizes = [1, 7, 4096, 65_524]

    @Test func anInMemoryBodyKnowsItsLengthAndBytes() throws {
        let body = MessageBody(bytes: [1, 2, 3])
        #expect(body.length == .known(3))
        #expect(body.bytes == [1, 2, 3])
        #expect(body.supportsSynchronousReading)
        #expect(try body.collectSynchronously(upTo: 3) == [1, 2, 3])
    }

    @Test(arguments: sizes)
    func byteArrayReaderReadsInPiecesOfAnySize(size: Int) throws {
        let bytes = PatternReader.bytes(200_003)
        var reader = ByteArrayBodyReader(bytes)
        var collected: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: size)
        while true {
            let count = buffer.withUnsafeMutableBytes { reader.read(into: $0) }
            if count == 0 { break }
            #expect(count <= size)
            collected += buffer[0..<count]
        }
        #expect(collected == bytes)
        #expect(buffer.withUnsafeMutableBytes { reader.read(into: $0) } == 0)
    }

    @Test(arguments: sizes)
    func chunksOfAStreamedBodyAreAtMostTheChunkSize(size: Int) async throws {
        let body = MessageBody(length: .known(100_000)) { PatternReader(total: 100_000) }
        var collected: [UInt8] = []
        var chunkCount = 0
        for try await chunk in body.chunks(chunkSize: size) {
            #expect(!chunk.isEmpty && chunk.count <= size)
            collected += chunk
            chunkCount += 1
        }
        #expect(collected == PatternReader.bytes(100_000))
        #expect(chunkCount == (100_000 + size - 1) / size)
    }

    @Test func aStreamedBodyCanBeReadAgain() async throws {
        let body = MessageBody(length: .unknown) { PatternReader(total: 1_000, step: 7) }
        #expect(body.bytes == nil)
        #expect(try await body.collect(upTo: 1_000) == PatternReader.bytes(1_000))
        #expect(try await body.collect(upTo: 1_000) == PatternReader.bytes(1_000))
        #expect(try body.collectSynchronously(upTo: 1_000) == PatternReader.bytes(1_000))
    }

    @Test func collectingPastTheLimitIsAnError() async {
        let reason = "The body is larger than the limit of 4 bytes"
        await expectSerializationError(.bodyTooLarge, reason) {
            _ = try await MessageBody(bytes: [1, 2, 3, 4, 5]).collect(upTo: 4)
        }
        let streamed = MessageBody(length: .unknown) { PatternReader(total: 5, step: 2) }
        await expectSerializationError(.bodyTooLarge, reason) { _ = try await streamed.collect(upTo: 4) }
        expectSerializationError(.bodyTooLarge, reason) { _ = try streamed.collectSynchronously(upTo: 4) }
    }

    @Test func aFailingReaderFailsTheChunksInsteadOfEndingEarly() async {
        let body = MessageBody(length: .known(10)) { PatternReader(total: 10, step: 3, failAfter: 6) }
        await expectSerializationError(.lengthMismatch, "The pattern stopped at 6 bytes") {
            _ = try await body.collect(upTo: 100)
        }
    }

    @Test func anAsyncBodyIsReadAsChunksAndCanBeMadeAgain() async throws {
        let body = MessageBody(length: .known(4)) { FixedChunks(chunks: [[1, 2], [], [3, 4]]) }
        #expect(!body.supportsSynchronousReading)
        var chunks: [[UInt8]] = []
        for try await chunk in body.chunks() { chunks.append(Array(chunk)) }
        #expect(chunks == [[1, 2], [3, 4]])  // empty chunks are skipped
        #expect(try await body.collect(upTo: 4) == [1, 2, 3, 4])
    }

    @Test func anAsyncBodyCannotBeReadSynchronously() {
        let body = MessageBody(length: .unknown) { FixedChunks(chunks: [[1]]) }
        expectSerializationError(
            .unsupportedBody,
            "This body is produced by an async sequence and cannot be read synchronously (use chunks())"
        ) { _ = try body.makeReader() }
        expectSerializationError(.unsupportedBody) { _ = try body.collectSynchronously(upTo: 10) }
        expectSerializationError(
            .unsupportedBody,
            "This body is produced by an async sequence and cannot be read through an InputStream"
        ) { _ = try body.makeInputStream() }
    }

    /// Regression: `bodyAlreadyConsumed` existed but nothing produced it.
    @Test func aSingleUseBodyFailsLoudlyWhenReadASecondTime() async throws {
        let body = MessageBody(length: .known(3), singleUse: FixedChunks(chunks: [[1, 2], [3]]))
        #expect(body.length == .known(3))
        #expect(try await body.collect(upTo: 10) == [1, 2, 3])
        await expectSerializationError(
            .bodyAlreadyConsumed,
            "This body comes from a single-use async sequence that has already been read"
        ) {
            _ = try await body.collect(upTo: 10)
        }
        await expectSerializationError(.bodyAlreadyConsumed) {
            for try await _ in body.chunks() {}
        }
    }

    @Test func aSingleUseBodyFromAnAsyncStream() async throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.yield([1, 2])
        continuation.yield([3])
        continuation.finish()
        let body = MessageBody(length: .unknown, singleUse: stream)
        #expect(try await body.collect(upTo: 10) == [1, 2, 3])
        await expectSerializationError(.bodyAlreadyConsumed) { _ = try await body.collect(upTo: 10) }
    }
}
