import Foundation
import NIOCore
import Testing
import Wireform
import WireformAsyncHTTPClient

@Suite struct ByteBufferChunksTests {
    @Test func chunksAreFullSizeExceptTheLastAndReplay() async throws {
        let bytes = (0..<10).map { UInt8($0) }
        let body = MessageBody(length: .known(10)) { try MessageBody(bytes: bytes).makeReader() }
        for _ in 0..<2 {
            var sizes: [Int] = []
            var collected: [UInt8] = []
            for try await chunk in ByteBufferChunks(body, chunkSize: 4) {
                sizes.append(chunk.readableBytes)
                collected += chunk.readableBytesView
            }
            #expect(sizes == [4, 4, 2])
            #expect(collected == bytes)
        }
    }

    @Test func asyncBodyIsCopiedChunkByChunk() async throws {
        let body = MessageBody(length: .unknown) { [[1, 2, 3], [4]].async }
        var chunks: [[UInt8]] = []
        for try await chunk in ByteBufferChunks(body) { chunks.append(Array(chunk.readableBytesView)) }
        #expect(chunks == [[1, 2, 3], [4]])
    }

    @Test func atMostFourBuffersAreOutAtOnceAndALetGoBufferIsReused() async throws {
        let bytes = (0..<20).map { UInt8($0) }
        let body = MessageBody(length: .known(20)) { try MessageBody(bytes: bytes).makeReader() }
        let held = HeldBuffers()
        let fifthArrived = OnceFlag()
        let task = Task {
            var iterator = ByteBufferChunks(body, chunkSize: 4).makeAsyncIterator()
            for _ in 0..<ByteBufferChunks.buffersInFlight { held.append(try await iterator.next()) }
            let fifth = try await iterator.next()
            _ = fifthArrived.claim()
            return fifth.map { Array($0.readableBytesView) }
        }
        try await Task.sleep(for: .milliseconds(200))
        // The client still holds four buffers: the fifth chunk waits for one of them.
        #expect(held.count == 4)
        #expect(fifthArrived.claim())
        held.removeAll()
        #expect(try await task.value == [16, 17, 18, 19])
    }
}

/// Buffers a test holds on to, as a client does until it has written them.
private final class HeldBuffers: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_buffers: [ByteBuffer] = []

    func append(_ buffer: ByteBuffer?) { lock.withLock { locked_buffers += buffer.map { [$0] } ?? [] } }
    func removeAll() { lock.withLock { locked_buffers.removeAll() } }
    var count: Int { lock.withLock { locked_buffers.count } }
}
