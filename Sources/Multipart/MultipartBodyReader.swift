import Wireform

/// Produces a form's body synchronously, segment by segment, filling each buffer it is given.
///
/// Part bodies are ``Wireform/RequestBody`` values: in-memory ones are copied, the others are read through their
/// own readers, which enforce their declared lengths (and, for files, their sizes); an error of a part's body is
/// thrown with the part's name. It stops (returning what it has, or `0`) in front of a part made from an async
/// sequence; ``MultipartChunks`` handles those parts and then moves the reader past them.
struct MultipartBodyReader: BodyReader {
    private let layout: MultipartLayout
    private var index = 0
    /// How far into the current framing segment or in-memory part the reader is.
    private var offset = 0
    /// The reader of the streamed part being read.
    private var partReader: (any BodyReader)?
    /// The search for the delimiter in the streamed part being read, when the boundary is not random.
    private var search = DelimiterSearch()
    /// The error that ended the body, thrown again by every later read: the body never goes on past it.
    private var failure: SerializationError?

    init(layout: MultipartLayout) { self.layout = layout }

    /// The async part the reader is waiting in front of, if any.
    var pendingAsynchronousPart: (body: RequestBody, label: PartLabel)? {
        guard index < layout.segments.count, case .content(let body, let label) = layout.segments[index],
            !body.supportsSynchronousReading
        else { return nil }
        return (body, label)
    }

    /// Moves past the async part the reader is waiting in front of.
    mutating func skipAsynchronousPart() {
        if pendingAsynchronousPart != nil { index += 1 }
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        if let failure { throw failure }
        do {
            return try produce(into: buffer)
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func produce(into buffer: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        if let violation = layout.violation { throw violation }
        var written = 0
        while written < buffer.count, index < layout.segments.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
            switch layout.segments[index] {
            case .framing(let bytes):
                let count = bytes.withUnsafeBytes { Self.copy($0, from: offset, into: rest) }
                offset += count
                written += count
                if offset == bytes.count {
                    offset = 0
                    index += 1
                }
            case .content(let body, let label):
                if partReader == nil {
                    // An in-memory part is copied from where it is, without a reader.
                    var count = 0
                    var isComplete = false
                    let isInMemory = body.withInMemoryBytes { bytes in
                        count = Self.copy(bytes, from: offset, into: rest)
                        isComplete = offset + count == bytes.count
                    }
                    if isInMemory {
                        offset += count
                        written += count
                        if isComplete {
                            offset = 0
                            index += 1
                        }
                        continue
                    }
                    guard body.supportsSynchronousReading else { return written }
                    search = DelimiterSearch()
                    do {
                        partReader = try body.makeReader()
                    } catch {
                        throw label.error(from: error, action: "Making the stream for")
                    }
                }
                guard var reader = partReader else { return written }
                partReader = nil
                let count: Int
                do {
                    count = try reader.read(into: rest)
                } catch {
                    throw label.error(from: error, action: "The stream for")
                }
                guard (0...rest.count).contains(count) else {
                    throw SerializationError(
                        .streamFailed,
                        "The stream for \(label.text) reported \(count) bytes for a buffer of \(rest.count)"
                    )
                }
                try checkStreamed(UnsafeRawBufferPointer(rebasing: rest[..<count]), of: label)
                if count == 0 {
                    index += 1
                } else {
                    written += count
                    partReader = reader
                }
            }
        }
        return written
    }

    /// Searches a streamed part's next bytes for the delimiter, when the boundary is not random.
    private mutating func checkStreamed(
        _ bytes: UnsafeRawBufferPointer,
        of label: PartLabel
    ) throws(SerializationError) {
        guard let delimiter = layout.delimiter, search.scan(bytes, for: delimiter) else { return }
        throw delimiter.error(in: label)
    }

    private static func copy(
        _ source: UnsafeRawBufferPointer,
        from offset: Int,
        into buffer: UnsafeMutableRawBufferPointer
    ) -> Int {
        let count = min(source.count - offset, buffer.count)
        guard count > 0, let target = buffer.baseAddress, let base = source.baseAddress else { return 0 }
        target.copyMemory(from: base + offset, byteCount: count)
        return count
    }
}
