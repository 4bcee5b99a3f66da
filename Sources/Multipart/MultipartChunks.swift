import Wireform

/// A form's body as an async sequence of large chunks, for forms with parts made from async sequences.
///
/// Framing, in-memory parts, files and streams are read by a ``MultipartBodyReader`` into one reused buffer; an
/// async part's chunks come from its ``Wireform/MessageBody``, which enforces its declared length, and are passed
/// through as they come.
struct MultipartChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let layout: MultipartLayout
    var chunkSize = 256 * 1024

    func makeAsyncIterator() -> Iterator {
        Iterator(reader: MultipartBodyReader(layout: layout), chunkSize: chunkSize, delimiter: layout.delimiter)
    }

    struct Iterator: AsyncIteratorProtocol {
        private struct ActivePart {
            var chunks: MessageBody.Chunks.Iterator
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
                // The reader protocol fills a raw buffer: the chunk's own storage, no extra copy.
                let count = try buffer.withUnsafeMutableBytes { try current.read(into: $0) }
                reader = current
                if count > 0 { return buffer[0..<count] }
                guard let pending = reader.pendingAsynchronousPart else {
                    isFinished = true
                    return nil
                }
                active = ActivePart(chunks: pending.body.chunks().makeAsyncIterator(), label: pending.label)
            }
        }

        /// The part's next non-empty chunk, or `nil` at its end, searched for the delimiter.
        private func nextChunk(of part: inout ActivePart) async throws -> ArraySlice<UInt8>? {
            let chunk: ArraySlice<UInt8>?
            do {
                chunk = try await part.chunks.next()
            } catch {
                throw part.label.error(from: error, action: "The async sequence for")
            }
            guard let chunk else { return nil }
            // The chunk searched in place for the delimiter, without copying it.
            if let delimiter, chunk.withUnsafeBytes({ part.search.scan($0, for: delimiter) }) {
                throw delimiter.error(in: part.label)
            }
            return chunk
        }
    }
}
