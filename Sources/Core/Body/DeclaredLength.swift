/// Counts the bytes a body produces against the length it declared, so that a `.known(n)` body, which is sent
/// with `Content-Length: n`, produces exactly `n` bytes or fails: never a short or a long body.
///
/// ``RequestBody`` applies it to every reader and chunk sequence it is given with a known length; this is the one
/// place the rule is written.
struct DeclaredLength {
    /// The declared length.
    let expected: Int64
    /// The bytes produced so far.
    private(set) var produced: Int64 = 0

    init(_ expected: Int64) { self.expected = expected }

    /// Records a chunk; throws as soon as the body has produced more than it declared.
    mutating func record(_ count: Int) throws(SerializationError) {
        produced += Int64(count)
        guard produced <= expected else {
            throw SerializationError(
                .lengthMismatch,
                "The body produced more than the \(expected) bytes it declared (at least \(produced))"
            )
        }
    }

    /// Checks the end of the body; throws when it ended before the declared length.
    func finish() throws(SerializationError) {
        guard produced == expected else {
            throw SerializationError(
                .lengthMismatch,
                "The body ended after \(produced) of the \(expected) bytes it declared"
            )
        }
    }
}

/// A reader that enforces its body's declared length (see ``DeclaredLength``).
struct LengthCheckedReader: BodyReader {
    private var base: any BodyReader
    private var length: DeclaredLength

    init(_ base: any BodyReader, length: Int64) {
        self.base = base
        self.length = DeclaredLength(length)
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try base.read(into: buffer)
        if count == 0 {
            try length.finish()
        } else {
            try length.record(count)
        }
        return count
    }
}

extension AsyncChunkIterator {
    /// An iterator that enforces its body's declared length (see ``DeclaredLength``).
    static func checking(_ base: AsyncChunkIterator, length: Int64) -> AsyncChunkIterator {
        let counter = Lock(DeclaredLength(length))
        return AsyncChunkIterator {
            guard let chunk = try await base.next() else {
                try counter.withLock { length in try length.finish() }
                return nil
            }
            try counter.withLock { length in try length.record(chunk.count) }
            return chunk
        }
    }
}
