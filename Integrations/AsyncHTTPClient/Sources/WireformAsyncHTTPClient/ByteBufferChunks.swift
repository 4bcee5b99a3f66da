public import NIOCore
public import Wireform

/// A ``Wireform/RequestBody`` as an async sequence of `ByteBuffer`s of up to `chunkSize` bytes, made fresh for each
/// iteration: what `HTTPClientRequest.Body.stream(_:length:)` sends.
///
/// A body that can be read synchronously (a file, a multipart form of files and fields, a stream) is read straight
/// into each new `ByteBuffer`, one copy from the source to the socket's buffer. A body fed by an async sequence is
/// copied chunk by chunk. The body's declared length is enforced as it streams: a file that changes size ends the
/// sequence with Wireform's ``Wireform/SerializationError`` (``Wireform/SerializationError/Code/lengthMismatch``),
/// never with a short or a long body.
///
/// > Note: A synchronous body is read on the task that iterates the sequence. Files and in-memory parts return at
/// > once; a `BodyReader` of your own that blocks for long (a pipe, a socket) holds one thread of the concurrency
/// > pool while it waits.
public struct ByteBufferChunks: AsyncSequence, Sendable {
    /// A chunk of body bytes.
    public typealias Element = ByteBuffer

    /// The body.
    public let body: RequestBody
    /// The size of every chunk but the last, in bytes.
    public let chunkSize: Int

    /// Creates the sequence.
    /// - Parameters:
    ///   - body: The body.
    ///   - chunkSize: The size of every chunk but the last, in bytes (at least 1); 1 MiB by default, large enough
    ///     that the copy into each `ByteBuffer` costs little next to the write.
    public init(_ body: RequestBody, chunkSize: Int = defaultChunkSize) {
        self.body = body
        self.chunkSize = Swift.max(1, chunkSize)
    }

    /// The default chunk size: 1 MiB.
    public static let defaultChunkSize = 1 << 20

    /// Makes an iterator that produces the body from its start.
    /// - Returns: The iterator.
    public func makeAsyncIterator() -> Iterator { Iterator(body: body, chunkSize: chunkSize) }

    /// Produces a body's chunks.
    public struct Iterator: AsyncIteratorProtocol {
        private enum State {
            case initial
            case reader(any BodyReader)
            case chunks(RequestBody.Chunks.Iterator)
            case finished
        }

        private let body: RequestBody
        private let chunkSize: Int
        private var state = State.initial

        init(body: RequestBody, chunkSize: Int) {
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
                    var buffer = ByteBufferAllocator().buffer(capacity: chunkSize)
                    let isComplete = try Self.fill(&buffer, from: &reader, upTo: chunkSize)
                    if !isComplete { state = .reader(reader) }
                    return buffer.readableBytes > 0 ? buffer : nil
                case .chunks(var iterator):
                    state = .finished
                    guard let chunk = try await iterator.next() else { return nil }
                    state = .chunks(iterator)
                    return ByteBuffer(bytes: chunk)
                case .finished:
                    return nil
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
