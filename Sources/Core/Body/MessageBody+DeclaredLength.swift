extension MessageBody {
    /// This body with a declared length, enforced as it streams: for a body of unknown length that a caller's
    /// `Content-Length` describes. A body that produces fewer or more bytes ends with
    /// ``SerializationError/Code/lengthMismatch``.
    /// - Parameter length: The declared length, in bytes.
    /// - Returns: The body with a `.known(length)` length.
    func declaringLength(_ length: Int64) -> MessageBody {
        switch source {
        case .bytes, .data:
            return self
        case .reader(let makeReader):
            return MessageBody(length: .known(length), makeReader: makeReader)
                .inheritingReplayability(from: [self])
        case .asyncChunks(let makeIterator):
            return MessageBody(length: .known(length)) { AsyncChunkIteratorSequence(makeIterator: makeIterator) }
                .inheritingReplayability(from: [self])
        }
    }
}

/// An async sequence over a body's type-erased chunk iterator, made fresh for each iteration.
struct AsyncChunkIteratorSequence: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let makeIterator: @Sendable () throws -> AsyncChunkIterator

    struct Iterator: AsyncIteratorProtocol {
        var state: Result<AsyncChunkIterator, any Error>

        mutating func next() async throws -> ArraySlice<UInt8>? {
            try await state.get().next()
        }
    }

    func makeAsyncIterator() -> Iterator {
        Iterator(state: Result { try makeIterator() })
    }
}
