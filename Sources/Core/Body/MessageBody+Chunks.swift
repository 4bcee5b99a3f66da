extension MessageBody {
    /// The body as an async sequence of chunks, for async HTTP clients.
    /// - Parameter chunkSize: The largest chunk read from a synchronous source, in bytes (at least 1).
    /// - Returns: A sequence that produces the body from its start; iterate it as often as the body allows.
    public func chunks(chunkSize: Int = 256 * 1024) -> Chunks {
        Chunks(body: self, chunkSize: max(1, chunkSize))
    }

    /// The body's bytes, collected in memory.
    /// - Parameter limit: The largest body accepted, in bytes.
    /// - Returns: The bytes.
    /// - Throws: ``SerializationError/Code/bodyTooLarge`` past the limit, or whatever producing the body throws.
    public func collect(upTo limit: Int) async throws -> [UInt8] {
        if let bytes { return try Self.checked(bytes, limit: limit) }
        var collected: [UInt8] = []
        if case .known(let count) = length, count <= Int64(limit) { collected.reserveCapacity(Int(count)) }
        for try await chunk in chunks() {
            guard collected.count + chunk.count <= limit else { throw Self.tooLarge(limit) }
            collected.append(contentsOf: chunk)
        }
        return collected
    }

    /// The body's bytes, collected in memory without suspending (``collect(upTo:)`` is the public way, for every
    /// body; this one serves `urlRequest()` and `MultipartForm`, which cannot suspend).
    /// - Parameter limit: The largest body accepted, in bytes.
    /// - Returns: The bytes.
    /// - Throws: ``SerializationError/Code/bodyTooLarge`` past the limit,
    ///   ``SerializationError/Code/unsupportedBody`` for an async-only body, or whatever producing the body throws.
    package func collectSynchronously(upTo limit: Int) throws -> [UInt8] {
        if let bytes { return try Self.checked(bytes, limit: limit) }
        var reader = try makeReader()
        var collected: [UInt8] = []
        if case .known(let count) = length, count <= Int64(limit) { collected.reserveCapacity(Int(count)) }
        let chunkSize = 64 * 1024
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        while true {
            // The reader protocol fills a raw buffer: the chunk's own storage, no extra copy.
            let count = try chunk.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return collected }
            guard collected.count + count <= limit else { throw Self.tooLarge(limit) }
            collected.append(contentsOf: chunk[0..<count])
        }
    }

    private static func checked(_ bytes: [UInt8], limit: Int) throws(SerializationError) -> [UInt8] {
        guard bytes.count <= limit else { throw tooLarge(limit) }
        return bytes
    }

    private static func tooLarge(_ limit: Int) -> SerializationError {
        SerializationError(.bodyTooLarge, "The body is larger than the limit of \(limit) bytes")
    }

    /// An async sequence of a body's chunks.
    public struct Chunks: AsyncSequence, Sendable {
        /// A chunk of body bytes.
        public typealias Element = ArraySlice<UInt8>

        let body: MessageBody
        let chunkSize: Int

        /// Makes an iterator that produces the body from its start.
        /// - Returns: The iterator.
        public func makeAsyncIterator() -> Iterator { Iterator(body: body, chunkSize: chunkSize) }

        /// Produces a body's chunks.
        public struct Iterator: AsyncIteratorProtocol {
            private enum State {
                case initial
                case bytes([UInt8], offset: Int)
                case reader(any BodyReader, buffer: [UInt8])
                case async(AsyncChunkIterator)
                case finished
            }

            private let body: MessageBody
            private let chunkSize: Int
            private var state = State.initial

            init(body: MessageBody, chunkSize: Int) {
                self.body = body
                self.chunkSize = chunkSize
            }

            /// The next chunk, or `nil` at the end.
            /// - Returns: A non-empty chunk, or `nil`.
            /// - Throws: Whatever producing the body throws; the iterator is finished afterwards.
            public mutating func next() async throws -> ArraySlice<UInt8>? {
                do {
                    return try await produceNext()
                } catch {
                    state = .finished
                    throw error
                }
            }

            private mutating func produceNext() async throws -> ArraySlice<UInt8>? {
                while true {
                    switch state {
                    case .initial:
                        switch body.source {
                        case .bytes(let bytes): state = .bytes(bytes, offset: 0)
                        case .data(let data):
                            // Read in chunks, not copied whole: a form body of hundreds of megabytes is held once.
                            state = .reader(DataBodyReader(data), buffer: [UInt8](repeating: 0, count: chunkSize))
                        case .reader(let makeReader):
                            state = .reader(try makeReader(), buffer: [UInt8](repeating: 0, count: chunkSize))
                        case .asyncChunks(let makeIterator): state = .async(try makeIterator())
                        }
                    case .bytes(let bytes, let offset):
                        guard offset < bytes.count else {
                            state = .finished
                            return nil
                        }
                        // In-memory bodies are handed out whole: slicing them would only add copies.
                        state = .bytes(bytes, offset: bytes.count)
                        return bytes[offset...]
                    case .reader(var reader, var buffer):
                        state = .finished
                        // The reader protocol fills a raw buffer: the chunk's own storage, no extra copy.
                        let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                        guard count > 0 else { return nil }
                        // The slice shares the buffer; when the caller has dropped it by the next call, the buffer
                        // is unique again and is reused without a copy.
                        let chunk = buffer[0..<count]
                        state = .reader(reader, buffer: buffer)
                        return chunk
                    case .async(let iterator):
                        guard let chunk = try await iterator.next() else {
                            state = .finished
                            return nil
                        }
                        if chunk.isEmpty { continue }
                        return chunk
                    case .finished:
                        return nil
                    }
                }
            }
        }
    }
}

@available(*, unavailable)
extension MessageBody.Chunks.Iterator: Sendable {}
