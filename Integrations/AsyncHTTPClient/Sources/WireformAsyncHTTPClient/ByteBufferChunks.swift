public import NIOCore
public import Wireform

/// A ``Wireform/MessageBody`` as an async sequence of `ByteBuffer`s of up to `chunkSize` bytes, made fresh for each
/// iteration: what `HTTPClientRequest.Body.stream(_:length:)` sends.
///
/// A body that can be read synchronously (a file, a multipart form of files and fields, a stream) is read straight
/// into each `ByteBuffer`, one copy from the source to the socket's buffer. A body fed by an async sequence is
/// copied chunk by chunk. The body's declared length is enforced as it streams: a file that changes size ends the
/// sequence with Wireform's ``Wireform/SerializationError`` (``Wireform/SerializationError/Code/lengthMismatch``),
/// never with a short or a long body.
///
/// Memory stays bounded whatever the body's size: the sequence hands out at most ``buffersInFlight`` buffers at a
/// time and reuses each one once the client has written it and let it go. AsyncHTTPClient queues every chunk it is
/// given onto its event loop before it notices that the socket is full, so a source faster than the network (a file
/// in the page cache) would otherwise run tens of megabytes ahead.
///
/// > Note: A synchronous body is read on the task that iterates the sequence. Files and in-memory parts return at
/// > once; a `BodyReader` of your own that blocks for long (a pipe, a socket) holds one thread of the concurrency
/// > pool while it waits.
public struct ByteBufferChunks: AsyncSequence, Sendable {
    /// A chunk of body bytes.
    public typealias Element = ByteBuffer

    /// The body.
    public let body: MessageBody
    /// The size of every chunk but the last, in bytes.
    public let chunkSize: Int

    /// Creates the sequence.
    /// - Parameters:
    ///   - body: The body.
    ///   - chunkSize: The size of every chunk but the last, in bytes (at least 1); 1 MiB by default, large enough
    ///     that the copy into each `ByteBuffer` costs little next to the write.
    public init(_ body: MessageBody, chunkSize: Int = defaultChunkSize) {
        self.body = body
        self.chunkSize = Swift.max(1, chunkSize)
    }

    /// The default chunk size: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    /// The most buffers handed out and not yet written by the client; at most this many times ``chunkSize`` bytes
    /// of the body are in memory at once.
    public static let buffersInFlight = 4

    /// Makes an iterator that produces the body from its start.
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(body: body, chunkSize: chunkSize) }

    /// Produces a body's chunks.
    public struct Iterator: AsyncIteratorProtocol {
        private enum State {
            case initial
            case reader(any BodyReader)
            case chunks(MessageBody.Chunks.Iterator)
            case finished
        }

        private let body: MessageBody
        private let chunkSize: Int
        private var state = State.initial
        /// The buffers handed out so far, reused once the client holds them no more.
        private var pool: [ByteBuffer] = []

        init(body: MessageBody, chunkSize: Int) {
            self.body = body
            self.chunkSize = chunkSize
        }

        /// The next chunk, or `nil` at the end of the body.
        /// - Returns: A non-empty buffer, or `nil`.
        /// - Throws: Whatever producing the body throws, such as ``Wireform/SerializationError``; the iterator is
        ///   finished afterwards.
        public mutating func next() async throws -> ByteBuffer? {
            do {
                return try await produceNext()
            } catch {
                state = .finished
                throw error
            }
        }

        private mutating func produceNext() async throws -> ByteBuffer? {
            while true {
                switch state {
                case .initial:
                    state =
                        body.supportsSynchronousReading
                        ? .reader(try body.makeReader())
                        : .chunks(body.chunks(chunkSize: chunkSize).makeAsyncIterator())
                case .reader(var reader):
                    state = .finished
                    let slot = try await freeSlot()
                    let isComplete = try Self.fill(&pool[slot], from: &reader, upTo: chunkSize)
                    if !isComplete { state = .reader(reader) }
                    return pool[slot].readableBytes > 0 ? pool[slot] : nil
                case .chunks(var iterator):
                    state = .finished
                    guard let chunk = try await iterator.next() else { return nil }
                    state = .chunks(iterator)
                    let slot = try await freeSlot()
                    pool[slot].writeBytes(chunk)
                    return pool[slot]
                case .finished:
                    return nil
                }
            }
        }

        /// The index of an empty pooled buffer that only the pool holds: a new one while the pool is not full,
        /// otherwise the first one the client has let go of, waiting for the client to write one if need be.
        private mutating func freeSlot() async throws -> Int {
            var waits = 0
            while true {
                for index in pool.indices where pool[index].modifyIfUniquelyOwned({ $0.clear() }) != nil {
                    return index
                }
                if pool.count < ByteBufferChunks.buffersInFlight {
                    pool.append(ByteBufferAllocator().buffer(capacity: chunkSize))
                    return pool.count - 1
                }
                // The client writes one chunk in well under a millisecond on a fast link; wait a little longer
                // each time on a slow one. A closed connection lets its buffers go too, so this ends.
                waits += 1
                if waits <= 8 {
                    await Task.yield()
                } else {
                    try await Task.sleep(for: .microseconds(Swift.min(50 * (waits - 8), 2_000)))
                }
            }
        }

        /// Reads until the buffer holds `count` bytes or the body ends; returns whether it ended.
        private static func fill(
            _ buffer: inout ByteBuffer,
            from reader: inout any BodyReader,
            upTo count: Int
        ) throws -> Bool {
            while buffer.readableBytes < count {
                let wanted = count - buffer.readableBytes
                let read = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: wanted) { space in
                    try reader.read(into: UnsafeMutableRawBufferPointer(rebasing: space.prefix(wanted)))
                }
                if read == 0 { return true }
            }
            return false
        }
    }
}

@available(*, unavailable)
extension ByteBufferChunks.Iterator: Sendable {}
