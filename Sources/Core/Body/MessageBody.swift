#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// A request body: bytes in memory, or a stream of known or unknown length that can be produced again.
///
/// Small bodies (forms, JSON, property lists) are held in memory (``init(bytes:)``); large ones are
/// read from a file (``init(fileAt:)``) or produced in chunks by a ``BodyReader`` made fresh for each use, or by an
/// `AsyncSequence` of chunks. Every body
/// can be read as ``chunks(chunkSize:)``; bodies that do not depend on an async source can also be read
/// synchronously through ``makeReader()``, which is what `URLRequest.httpBodyStream` needs.
///
/// A body keeps the length it declares: a streamed body of `.known(n)` length (sent as `Content-Length: n`) that
/// produces fewer or more than `n` bytes ends with ``SerializationError/Code/lengthMismatch`` when the difference
/// appears, never as a short or a long body, however it is read (``makeReader()``, ``chunks(chunkSize:)``,
/// `makeInputStream()`, ``write(to:chunkSize:replacingExisting:)``). The last declared bytes are handed out only once the source has
/// shown that it has nothing more (its reader returned `0`, its sequence ended), so a client that stops at
/// `Content-Length` bytes never sends a complete-looking body from a source that goes on. A source that stays open
/// after its declared length therefore never completes: its last bytes wait for its end, and the body is never cut
/// off at the declared length.
///
/// A streamed body may be read any number of times (redirects and authentication retries replay it) unless it was
/// made with ``init(length:singleUse:)`` from a one-shot async sequence, whose second use throws
/// ``SerializationError/Code/bodyAlreadyConsumed``.
public struct MessageBody: Sendable {
    /// The size of a body, when it is known in advance.
    ///
    /// Closed for good: a size is known in advance or it is not, so this stays an enum and a `switch` over it
    /// needs no `default:`.
    public enum Length: Sendable, Hashable {
        /// Exactly this many bytes: sent as `Content-Length`.
        case known(Int64)
        /// Not known until the body has been produced.
        case unknown
    }

    enum Source: Sendable {
        case bytes([UInt8])
        /// `Data` kept as it is and copied once, when the body is read.
        case data(Data)
        case reader(@Sendable () throws -> any BodyReader)
        case asyncChunks(@Sendable () throws -> AsyncChunkIterator)
    }

    /// The size of the body, when it is known in advance.
    public let length: Length
    let source: Source
    /// Whether the body comes from a single-use source, or reads one (see ``isReplayable``).
    var readsSingleUseSource = false

    /// A body held in memory.
    /// - Parameter bytes: The body.
    public init(bytes: [UInt8]) {
        length = .known(Int64(bytes.count))
        source = .bytes(bytes)
    }

    /// A body held in memory as `Data`, which is kept as it is and copied only when the body is read (for
    /// `MultipartForm`'s `Data` parts; callers outside the package use ``init(bytes:)``).
    /// - Parameter data: The body.
    package init(data: Data) {
        length = .known(Int64(data.count))
        source = .data(data)
    }

    /// A streamed body produced by a reader made fresh for each use.
    ///
    /// With a `.known(n)` length, the read that reaches `n` bytes asks the reader for one more byte before it
    /// returns: the reader must then return `0` (or throw), and a reader that blocks there holds the last bytes back.
    /// - Parameters:
    ///   - length: The size, when known.
    ///   - makeReader: Makes a reader positioned at the start of the body; called once per use.
    public init(length: Length, makeReader: @escaping @Sendable () throws -> any BodyReader) {
        self.length = length
        switch length {
        case .known(let count): source = .reader { LengthCheckedReader(try makeReader(), length: count) }
        case .unknown: source = .reader(makeReader)
        }
    }

    /// A streamed body produced by an async sequence of chunks made fresh for each use.
    ///
    /// With a `.known(n)` length, the chunk that reaches `n` bytes is handed out only once the sequence has ended:
    /// finish the sequence after its last chunk, or the body never completes.
    /// - Parameters:
    ///   - length: The size, when known.
    ///   - makeChunks: Makes the sequence; called once per use.
    public init<Chunks: AsyncSequence & Sendable>(
        length: Length,
        makeChunks: @escaping @Sendable () throws -> Chunks
    ) where Chunks.Element == ArraySlice<UInt8> {
        self.length = length
        source = .asyncChunks { Self.checked(AsyncChunkIterator(try makeChunks()), length: length) }
    }

    /// A streamed body produced by an async sequence that can be iterated only once, such as an `AsyncStream`
    /// fed by another task.
    ///
    /// The first use reads the sequence. A later use (a redirect or an authentication retry replaying the body)
    /// throws ``SerializationError/Code/bodyAlreadyConsumed`` instead of sending an empty or partial body. Prefer
    /// ``init(length:makeChunks:)`` when the sequence can be made again.
    ///
    /// ```swift
    /// let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
    /// let body = MessageBody(length: .unknown, singleUse: stream)
    /// ```
    /// - Parameters:
    ///   - length: The size, when known.
    ///   - chunks: The sequence; iterated at most once.
    public init<Chunks: AsyncSequence & Sendable>(
        length: Length,
        singleUse chunks: Chunks
    ) where Chunks.Element == ArraySlice<UInt8> {
        self.length = length
        let isConsumed = Lock(false)
        source = .asyncChunks {
            let wasConsumed = isConsumed.withLock { state in
                defer { state = true }
                return state
            }
            guard !wasConsumed else {
                throw SerializationError(
                    .bodyAlreadyConsumed,
                    "This body comes from a single-use async sequence that has already been read"
                )
            }
            return Self.checked(AsyncChunkIterator(chunks), length: length)
        }
        readsSingleUseSource = true
    }

    private static func checked(_ iterator: AsyncChunkIterator, length: Length) -> AsyncChunkIterator {
        guard case .known(let count) = length else { return iterator }
        return .checking(iterator, length: count)
    }

    /// The body bytes when the body is held in memory (``init(bytes:)``), otherwise `nil`.
    public var bytes: [UInt8]? {
        switch source {
        case .bytes(let bytes): return bytes
        case .data(let data): return Array(data)
        case .reader, .asyncChunks: return nil
        }
    }

    /// Calls `body` with the bytes of a body held in memory, without copying them (``bytes`` copies a body made
    /// from `Data`).
    /// - Parameter body: Reads the bytes; they are valid only during the call.
    /// - Returns: Whether the body is held in memory; when it is not, `body` is not called.
    // Lends the bytes where they are (array or Data storage): multipart copies and searches them without a copy.
    @discardableResult
    package func withInMemoryBytes(_ body: (UnsafeRawBufferPointer) -> Void) -> Bool {
        switch source {
        case .bytes(let bytes):
            bytes.withUnsafeBytes(body)
            return true
        case .data(let data):
            // Data's storage, lent for the call only, as the array's is above.
            data.withUnsafeBytes(body)
            return true
        case .reader, .asyncChunks:
            return false
        }
    }

    /// Whether ``makeReader()`` can produce this body synchronously (it cannot when an async sequence feeds it).
    public var supportsSynchronousReading: Bool {
        if case .asyncChunks = source { return false }
        return true
    }

    /// Makes a synchronous reader positioned at the start of the body.
    /// - Returns: A new reader.
    /// - Throws: ``SerializationError/Code/unsupportedBody`` when an async sequence feeds the body, or whatever
    ///   making the reader throws (for example a file that disappeared).
    public func makeReader() throws -> any BodyReader {
        switch source {
        case .bytes(let bytes):
            return ByteArrayBodyReader(bytes)
        case .data(let data):
            return DataBodyReader(data)
        case .reader(let makeReader):
            return try makeReader()
        case .asyncChunks:
            throw SerializationError(
                .unsupportedBody,
                "This body is produced by an async sequence and cannot be read synchronously (use chunks())"
            )
        }
    }
}
