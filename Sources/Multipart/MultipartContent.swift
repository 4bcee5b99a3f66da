public import Foundation
public import Wireform

/// The body of one part: bytes in memory, a file, a replayable stream or a replayable async sequence.
///
/// Every source except bytes is made fresh each time the body is produced, so a form can be sent again after a
/// redirect or an authentication challenge. A declared length is enforced: a source that produces fewer or more
/// bytes ends the body with ``Wireform/SerializationError/Code/lengthMismatch``, never with a short body.
///
/// ```swift
/// form.append(headers: headers, content: .text("hello"))
/// form.append(headers: headers, content: try .file(at: url))
/// form.append(headers: headers, content: .stream(length: .known(size)) { InputStream(url: url)! })
/// ```
public struct MultipartContent: Sendable {
    enum Storage: Sendable {
        case bytes([UInt8])
        /// `Data` kept as it is and copied once, when the body is written.
        case data(Data)
        case file(MultipartFile)
        case reader(RequestBody.Length, @Sendable () throws -> any BodyReader)
        case chunks(RequestBody.Length, @Sendable () throws -> PartChunkIterator)
    }

    let storage: Storage

    /// The number of bytes the content has, when known.
    public var length: RequestBody.Length {
        switch storage {
        case .bytes(let bytes): return .known(Int64(bytes.count))
        case .data(let data): return .known(Int64(data.count))
        case .file(let file): return .known(file.size)
        case .reader(let length, _), .chunks(let length, _): return length
        }
    }

    /// Whether the content comes from an async sequence (such a form cannot be read through an `InputStream`).
    public var isAsynchronous: Bool {
        if case .chunks = storage { return true }
        return false
    }

    /// Bytes in memory.
    /// - Parameter bytes: The bytes.
    /// - Returns: The content.
    public static func bytes(_ bytes: [UInt8]) -> Self { Self(storage: .bytes(bytes)) }

    /// Bytes in memory.
    /// - Parameter data: The bytes.
    /// - Returns: The content.
    public static func data(_ data: Data) -> Self { Self(storage: .data(data)) }

    /// Text as UTF-8.
    /// - Parameter text: The text.
    /// - Returns: The content.
    public static func text(_ text: String) -> Self { Self(storage: .bytes(Array(text.utf8))) }

    /// A file, read in large chunks each time the body is produced.
    ///
    /// The file is checked now and its size recorded; if it has another size when it is read, the body fails.
    /// - Parameter url: A file URL.
    /// - Returns: The content.
    /// - Throws: ``Wireform/SerializationError/Code/fileUnavailable`` when the URL is not a file URL or the file is
    ///   missing, is a directory or another non-regular file, or cannot be opened for reading.
    public static func file(at url: URL) throws(SerializationError) -> Self {
        Self(storage: .file(try MultipartFile(url: url)))
    }

    /// An `InputStream` made fresh for each use.
    /// - Parameters:
    ///   - length: The stream's size; when known it is enforced.
    ///   - makeStream: Makes an unopened stream positioned at its start.
    /// - Returns: The content.
    public static func stream(
        length: RequestBody.Length,
        makeStream: @escaping @Sendable () throws -> InputStream
    ) -> Self {
        Self(storage: .reader(length, { InputStreamBodyReader(try makeStream()) }))
    }

    /// A ``Wireform/BodyReader`` made fresh for each use.
    /// - Parameters:
    ///   - length: The reader's size; when known it is enforced.
    ///   - makeReader: Makes a reader positioned at its start.
    /// - Returns: The content.
    public static func reader(
        length: RequestBody.Length,
        makeReader: @escaping @Sendable () throws -> any BodyReader
    ) -> Self {
        Self(storage: .reader(length, makeReader))
    }

    /// An async sequence of byte chunks made fresh for each use; the form can then only be produced asynchronously.
    /// - Parameters:
    ///   - length: The sequence's total size; when known it is enforced.
    ///   - makeChunks: Makes the sequence.
    /// - Returns: The content.
    public static func chunks<Chunks: AsyncSequence & Sendable>(
        length: RequestBody.Length,
        makeChunks: @escaping @Sendable () throws -> Chunks
    ) -> Self where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        Self(storage: .chunks(length, { PartChunkIterator(try makeChunks()) }))
    }
}

/// A type-erased iterator over a part's async chunks.
final class PartChunkIterator {
    private let nextChunk: () async throws -> ArraySlice<UInt8>?

    init<Chunks: AsyncSequence>(_ chunks: Chunks) where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        var iterator = chunks.makeAsyncIterator()
        nextChunk = {
            guard let chunk = try await iterator.next() else { return nil }
            if let slice = chunk as? ArraySlice<UInt8> { return slice }
            return ArraySlice(chunk)
        }
    }

    func next() async throws -> ArraySlice<UInt8>? { try await nextChunk() }
}
