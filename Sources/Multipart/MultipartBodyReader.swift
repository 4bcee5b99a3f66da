import Wireform

/// Produces a form's body synchronously, part by part, filling each buffer it is given.
///
/// Each part's framing (its delimiter and header section) is made when the reader reaches it, in one reused buffer.
/// Part bodies are ``Wireform/MessageBody`` values: in-memory ones and fields are copied, the others are read
/// through their own readers, which enforce their declared lengths (and, for files, their sizes); an error of a
/// part's body is thrown with the part's name. It stops (returning what it has, or `0`) in front of a part made from
/// an async sequence; ``MultipartChunks`` handles those parts and then moves the reader past them.
struct MultipartBodyReader: BodyReader {
    private let layout: MultipartLayout
    /// The part being written; the part count for the closing delimiter.
    private var index = 0
    /// Whether the reader is in the part's content (otherwise in its framing).
    private var isInContent = false
    private var isFinished = false
    /// The current framing, made when the reader reaches it.
    private var framing: [UInt8] = []
    private var isFramingReady = false
    /// The field whose framing `framing` holds, when the next field of its name can use it again.
    private var framingField: MultipartPartStore.Field?
    /// How far into the current framing, field or in-memory part the reader is.
    private var offset = 0
    /// The reader of the streamed part being read.
    private var partReader: (any BodyReader)?
    /// The search for the delimiter in the streamed part being read, when the boundary is not random.
    private var search = DelimiterSearch()
    /// The error that ended the body, thrown again by every later read: the body never goes on past it.
    private var failure: SerializationError?

    init(layout: MultipartLayout) { self.layout = layout }

    /// The async part the reader is waiting in front of, if any.
    var pendingAsynchronousPart: (body: MessageBody, label: PartLabel)? {
        guard isInContent, index < layout.store.count, case .part(let part) = layout.store.entry(at: index),
            !part.body.supportsSynchronousReading
        else { return nil }
        return (part.body, layout.store.label(at: index))
    }

    /// Moves past the async part the reader is waiting in front of.
    mutating func skipAsynchronousPart() {
        if pendingAsynchronousPart != nil { finishPart() }
    }

    // BodyReader's raw buffer (the protocol's one requirement); filled up to `buffer.count` bytes.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        if let failure { throw failure }
        do {
            return try produce(into: buffer)
        } catch {
            failure = error
            throw error
        }
    }

    private mutating func finishPart() {
        index += 1
        isInContent = false
        offset = 0
    }

    // The consumer's buffer from read(into:), filled in place up to `buffer.count` bytes.
    private mutating func produce(into buffer: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        if let violation = layout.violation { throw violation }
        let store = layout.store
        var written = 0
        while written < buffer.count, !isFinished {
            // The unfilled tail of the consumer's buffer (written < buffer.count in the loop's condition).
            let rest = UnsafeMutableRawBufferPointer(rebasing: buffer[written...])
            guard isInContent else {
                if !isFramingReady {
                    let field = index < store.count ? store.repeatableField(at: index) : nil
                    if let field, let held = framingField, store.sameName(field, held) {
                        // A field of the same name as the one before: the same framing.
                    } else {
                        framing.removeAll(keepingCapacity: true)
                        if index < store.count {
                            store.appendFraming(ofPartAt: index, dashBoundary: layout.dashBoundary, to: &framing)
                        } else {
                            layout.appendTrailer(to: &framing)
                        }
                        framingField = field
                    }
                    isFramingReady = true
                    offset = 0
                }
                // The framing's bytes copied in place with one memcpy (Self.copy bounds the count).
                let count = framing.withUnsafeBytes { Self.copy($0, from: offset, into: rest) }
                offset += count
                written += count
                if offset == framing.count {
                    offset = 0
                    isFramingReady = false
                    if index == store.count { isFinished = true } else { isInContent = true }
                }
                continue
            }
            switch store.entry(at: index) {
            case .field(let field):
                // A field's value, where the store keeps it, copied in place with one memcpy.
                let (count, isComplete) = store.withValue(of: field) { value in
                    let count = Self.copy(value, from: offset, into: rest)
                    return (count, offset + count == value.count)
                }
                offset += count
                written += count
                if isComplete { finishPart() }
            case .part(let part):
                guard try copyContent(of: part.body, into: rest, written: &written) else { return written }
            }
        }
        return written
    }

    /// Copies or reads the current part's body into `rest`; `false` in front of an async part.
    private mutating func copyContent(
        of body: MessageBody,
        // The consumer's buffer tail, so in-memory parts are copied straight in (no intermediate chunk).
        into rest: UnsafeMutableRawBufferPointer,
        written: inout Int
    ) throws(SerializationError) -> Bool {
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
                if isComplete { finishPart() }
                return true
            }
            guard body.supportsSynchronousReading else { return false }
            search = DelimiterSearch()
            do {
                partReader = try body.makeReader()
            } catch {
                throw layout.store.label(at: index).error(from: error, action: "Making the stream for")
            }
        }
        guard var reader = partReader else { return false }
        partReader = nil
        let count: Int
        do {
            count = try reader.read(into: rest)
        } catch {
            throw layout.store.label(at: index).error(from: error, action: "The stream for")
        }
        guard (0...rest.count).contains(count) else {
            throw SerializationError(
                .streamFailed,
                "The stream for \(layout.store.label(at: index).text) reported \(count) bytes for a buffer of "
                    + "\(rest.count)"
            )
        }
        // The bytes the part's reader just wrote (count is checked to be within rest above).
        try checkStreamed(UnsafeRawBufferPointer(rebasing: rest[..<count]))
        if count == 0 {
            finishPart()
        } else {
            written += count
            partReader = reader
        }
        return true
    }

    /// Searches a streamed part's next bytes for the delimiter, when the boundary is not random.
    // The bytes just written into the consumer's buffer, searched where they are.
    private mutating func checkStreamed(_ bytes: UnsafeRawBufferPointer) throws(SerializationError) {
        guard let delimiter = layout.delimiter, search.scan(bytes, for: delimiter) else { return }
        throw delimiter.error(in: layout.store.label(at: index))
    }

    // min(source.count - offset, buffer.count) bytes: within both buffers, one memcpy.
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
