/// How much of a body has been produced so far.
public struct BodyProgress: Sendable, Hashable {
    /// Bytes produced so far in the current use of the body.
    public var completedBytes: Int64
    /// The body's size, when known.
    public var totalBytes: Int64?

    /// Creates a progress value.
    /// - Parameters:
    ///   - completedBytes: Bytes produced so far.
    ///   - totalBytes: The body's size, when known.
    package init(completedBytes: Int64, totalBytes: Int64?) {
        self.completedBytes = completedBytes
        self.totalBytes = totalBytes
    }

    /// The fraction produced, from 0 to 1, when the size is known (1 for an empty body).
    public var fractionCompleted: Double? {
        guard let totalBytes else { return nil }
        return totalBytes == 0 ? 1 : Double(completedBytes) / Double(totalBytes)
    }
}

extension MessageBody {
    /// The same body, calling a handler each time bytes are produced.
    ///
    /// Each use of the body (each `InputStream`, each iteration of ``chunks(chunkSize:)``) counts from zero, so a
    /// replayed upload starts its progress again. The handler runs on the thread that reads the body: keep it
    /// short, and hop to your UI's actor yourself.
    ///
    /// ```swift
    /// let body = form.serializedBody.body.reportingProgress { progress in
    ///     print(progress.completedBytes, "of", progress.totalBytes ?? -1)
    /// }
    /// ```
    /// - Parameter handler: Called with the bytes produced so far and the total, after every read or chunk.
    /// - Returns: The body with progress reporting.
    public func reportingProgress(_ handler: @escaping @Sendable (BodyProgress) -> Void) -> MessageBody {
        let total: Int64?
        if case .known(let count) = length { total = count } else { total = nil }
        return reportingProgress(total: total, handler).inheritingReplayability(from: [self])
    }

    private func reportingProgress(
        total: Int64?,
        _ handler: @escaping @Sendable (BodyProgress) -> Void
    ) -> MessageBody {
        switch source {
        case .bytes(let bytes):
            return MessageBody(length: length) {
                ProgressBodyReader(base: ByteArrayBodyReader(bytes), total: total, handler: handler)
            }
        case .data(let data):
            return MessageBody(length: length) {
                ProgressBodyReader(base: DataBodyReader(data), total: total, handler: handler)
            }
        case .reader(let makeReader):
            return MessageBody(length: length) {
                ProgressBodyReader(base: try makeReader(), total: total, handler: handler)
            }
        case .asyncChunks(let makeIterator):
            return MessageBody(length: length) {
                ProgressChunks(makeIterator: makeIterator, total: total, handler: handler)
            }
        }
    }
}

/// Counts the bytes a reader produces.
private struct ProgressBodyReader: BodyReader {
    var base: any BodyReader
    let total: Int64?
    let handler: @Sendable (BodyProgress) -> Void
    var completed: Int64 = 0

    // BodyReader's raw buffer, handed unchanged to the reader it wraps.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let count = try base.read(into: buffer)
        if count > 0 {
            completed += Int64(count)
            handler(BodyProgress(completedBytes: completed, totalBytes: total))
        }
        return count
    }
}

/// Counts the bytes of an async body's chunks.
private struct ProgressChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let makeIterator: @Sendable () throws -> AsyncChunkIterator
    let total: Int64?
    let handler: @Sendable (BodyProgress) -> Void

    func makeAsyncIterator() -> Iterator { Iterator(chunks: self) }

    struct Iterator: AsyncIteratorProtocol {
        let chunks: ProgressChunks
        var base: AsyncChunkIterator?
        var completed: Int64 = 0

        init(chunks: ProgressChunks) { self.chunks = chunks }

        mutating func next() async throws -> ArraySlice<UInt8>? {
            let iterator = try base ?? chunks.makeIterator()
            base = iterator
            guard let chunk = try await iterator.next() else { return nil }
            completed += Int64(chunk.count)
            chunks.handler(BodyProgress(completedBytes: completed, totalBytes: chunks.total))
            return chunk
        }
    }
}
