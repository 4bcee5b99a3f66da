import Wireform

/// A form's body as an async sequence of large chunks, for forms with parts made from async sequences.
///
/// Framing, bytes, files and streams are read by a ``MultipartBodyReader`` into one reused buffer; an async
/// part's chunks are passed through as they come, with its declared length enforced.
struct MultipartChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let layout: MultipartLayout
    var chunkSize = 256 * 1024

    func makeAsyncIterator() -> Iterator {
        Iterator(reader: MultipartBodyReader(layout: layout), chunkSize: chunkSize, delimiter: layout.delimiter)
    }

    struct Iterator: AsyncIteratorProtocol {
        private struct ActivePart {
            let chunks: PartChunkIterator
            let declared: Int64?
            var produced: Int64
            let label: PartLabel
            /// The search for the delimiter, when the boundary is not random.
            var search = DelimiterSearch()
        }

        private var reader: MultipartBodyReader
        private var buffer: [UInt8]
        private var active: ActivePart?
        private var isFinished = false
        private let delimiter: MultipartDelimiter?

        init(reader: MultipartBodyReader, chunkSize: Int, delimiter: MultipartDelimiter?) {
            self.reader = reader
            self.delimiter = delimiter
            buffer = [UInt8](repeating: 0, count: chunkSize)
        }

        mutating func next() async throws -> ArraySlice<UInt8>? {
            guard !isFinished else { return nil }
            do {
                return try await produceNext()
            } catch {
                isFinished = true
                throw error
            }
        }

        private mutating func produceNext() async throws -> ArraySlice<UInt8>? {
            while true {
                if var part = active {
                    if let chunk = try await nextChunk(of: &part) {
                        active = part
                        return chunk
                    }
                    active = nil
                    reader.skipAsynchronousPart()
                    continue
                }
                var current = reader
                let count = try buffer.withUnsafeMutableBytes { try current.read(into: $0) }
                reader = current
                if count > 0 { return buffer[0..<count] }
                guard let pending = reader.pendingAsynchronousPart else {
                    isFinished = true
                    return nil
                }
                let chunks: PartChunkIterator
                do {
                    chunks = try pending.make()
                } catch {
                    throw SerializationError(
                        .streamFailed,
                        "Making the async sequence for \(pending.label.text) failed",
                        underlyingError: error
                    )
                }
                let declared: Int64?
                if case .known(let count) = pending.length { declared = count } else { declared = nil }
                active = ActivePart(chunks: chunks, declared: declared, produced: 0, label: pending.label)
            }
        }

        /// The part's next non-empty chunk, or `nil` at its end; enforces the declared length.
        private func nextChunk(of part: inout ActivePart) async throws -> ArraySlice<UInt8>? {
            while true {
                let chunk: ArraySlice<UInt8>?
                do {
                    chunk = try await part.chunks.next()
                } catch let error as SerializationError {
                    throw error
                } catch {
                    throw SerializationError(
                        .streamFailed,
                        "The async sequence for \(part.label.text) failed",
                        underlyingError: error
                    )
                }
                guard let chunk else {
                    if let declared = part.declared, part.produced != declared {
                        throw SerializationError(
                            .lengthMismatch,
                            "The async sequence for \(part.label.text) ended after \(part.produced) of the \(declared) "
                                + "bytes it declared"
                        )
                    }
                    return nil
                }
                if chunk.isEmpty { continue }
                part.produced += Int64(chunk.count)
                if let declared = part.declared, part.produced > declared {
                    throw SerializationError(
                        .lengthMismatch,
                        "The async sequence for \(part.label.text) produced more than the \(declared) bytes it declared"
                    )
                }
                if let delimiter, chunk.withUnsafeBytes({ part.search.scan($0, for: delimiter) }) {
                    throw delimiter.error(in: part.label)
                }
                return chunk
            }
        }
    }
}
