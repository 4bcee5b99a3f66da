/// Counts the bytes a body produces against the length it declared, so that a `.known(n)` body, which is sent
/// with `Content-Length: n`, produces exactly `n` bytes or fails: never a short or a long body.
///
/// ``MessageBody`` applies it to every reader and chunk sequence it is given with a known length; this is the one
/// place the rule is written. The last declared bytes are held back until the source has shown that it has nothing
/// more (its reader returned `0`, its sequence ended): a consumer that stops at the declared length (a client that
/// has sent `Content-Length` bytes and already holds the response) would never ask again, so a longer source has
/// to fail before its body looks complete. A source that stays open after its declared length therefore never
/// completes: its last bytes wait for its end; they are never cut off.
struct DeclaredLength {
    /// The declared length.
    let expected: Int64
    /// The bytes produced so far.
    private(set) var produced: Int64 = 0

    init(_ expected: Int64) { self.expected = expected }

    /// Whether the body has produced all it declared: the moment to check that its source has ended.
    var isReached: Bool { produced == expected }

    /// Records a chunk; throws as soon as the body has produced more than it declared.
    mutating func record(_ count: Int) throws(SerializationError) {
        produced += Int64(count)
        guard produced <= expected else { throw overrun(seen: produced) }
    }

    /// Records bytes the source produced after its declared length, seen while checking its end: always an error.
    func recordExtra(_ count: Int) throws(SerializationError) {
        throw overrun(seen: produced + Int64(count))
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

    private func overrun(seen: Int64) -> SerializationError {
        SerializationError(
            .lengthMismatch,
            "The body produced more than the \(expected) bytes it declared (at least \(seen))"
        )
    }
}

/// A reader that enforces its body's declared length (see ``DeclaredLength``): the read that reaches the declared
/// length asks the source for one more byte before it returns.
struct LengthCheckedReader: BodyReader {
    private var base: any BodyReader
    private var length: DeclaredLength
    private var isFinished = false

    init(_ base: any BodyReader, length: Int64) {
        self.base = base
        self.length = DeclaredLength(length)
    }

    // BodyReader's raw buffer, handed unchanged to the reader it wraps.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if isFinished { return 0 }
        let count = try base.read(into: buffer)
        if count == 0 {
            try length.finish()
            isFinished = true
            return 0
        }
        try length.record(count)
        if length.isReached { try checkEnd() }
        return count
    }

    /// Reads one byte past the declared length: there must be none.
    private mutating func checkEnd() throws {
        var probe: UInt8 = 0
        // A one-byte buffer on the stack for the probe read, through the reader protocol's raw-buffer requirement.
        let extra = try withUnsafeMutableBytes(of: &probe) { probe in try base.read(into: probe) }
        if extra > 0 { try length.recordExtra(extra) }
        isFinished = true
    }
}

extension AsyncChunkIterator {
    /// An iterator that enforces its body's declared length (see ``DeclaredLength``): the chunk that reaches the
    /// declared length is handed out only once the sequence has ended.
    static func checking(_ base: AsyncChunkIterator, length: Int64) -> AsyncChunkIterator {
        let state = Lock((length: DeclaredLength(length), isFinished: false))
        return AsyncChunkIterator {
            if state.withLock({ $0.isFinished }) { return nil }
            guard let chunk = try await base.next() else {
                try state.withLock { state in
                    try state.length.finish()
                    state.isFinished = true
                }
                return nil
            }
            let isReached = try state.withLock { state in
                try state.length.record(chunk.count)
                return state.length.isReached
            }
            guard isReached else { return chunk }
            while let extra = try await base.next() {
                if !extra.isEmpty { try state.withLock { state in try state.length.recordExtra(extra.count) } }
            }
            state.withLock { $0.isFinished = true }
            return chunk
        }
    }
}
