/// The bytes of a JSON text, pulled from a ``BodyReader`` one large chunk at a time, with the line and column of
/// any offset an error names.
///
/// It holds one chunk plus the token being read (``tokenStart``): a number longer than a chunk grows the buffer until
/// the token ends (a string is decoded into an array of its own instead), and every other byte is dropped once it is
/// read. Positions are counted by a cursor
/// that only moves forward, over each byte once, before the byte is dropped.
struct JSONTextInput {
    /// A line and column (counting characters, not bytes) and the byte offset they stand for.
    struct Position {
        /// Bytes before the position, from the start of the text.
        var offset = 0
        /// The line, from 1.
        var line = 1
        /// The column, from 1: UTF-8 continuation bytes do not start a new column.
        var column = 1
    }

    /// Bytes asked of the source at a time.
    static let chunkSize = 1 << 18

    private var source: any BodyReader
    /// The bytes read and not yet dropped; valid up to ``count``.
    private(set) var buffer: [UInt8]
    /// Valid bytes in ``buffer``.
    private(set) var count = 0
    /// The next byte to read, as an index into ``buffer``.
    var position = 0
    /// The offset in the text of `buffer[0]`.
    private(set) var base = 0
    /// The index in ``buffer`` of the first byte of the token being read; bytes from there on are kept.
    var tokenStart: Int?
    /// Whether the source has returned its last byte.
    private(set) var isAtEnd = false
    /// The longest text accepted, in bytes.
    let maximumLength: Int
    /// The position of the first byte not yet counted.
    private var cursor = Position()

    /// Creates the input.
    /// - Parameters:
    ///   - source: Where the bytes come from.
    ///   - maximumLength: The longest text accepted, in bytes.
    init(source: any BodyReader, maximumLength: Int) {
        self.source = source
        self.maximumLength = maximumLength
        buffer = [UInt8](repeating: 0, count: Self.chunkSize)
    }

    /// The offset in the text of the next byte.
    var offset: Int { base + position }

    /// The next byte, reading more when the buffer is used up; `nil` at the end of the text.
    /// - Throws: ``SerializationError`` when the source fails or the text is longer than ``maximumLength``.
    mutating func peek() throws(SerializationError) -> UInt8? {
        if position < count { return buffer[position] }
        return try refill() ? buffer[position] : nil
    }

    /// Makes at least `needed` bytes from ``position`` available, if the text has them.
    /// - Returns: Whether they are available.
    mutating func ensure(_ needed: Int) throws(SerializationError) -> Bool {
        while count - position < needed {
            guard try refill() else { return false }
        }
        return true
    }

    /// Reads more bytes: drops those before ``tokenStart`` (or ``position``), grows the buffer when a token fills
    /// it, and reads what the source gives.
    /// - Returns: `false` at the end of the text.
    mutating func refill() throws(SerializationError) -> Bool {
        if isAtEnd { return false }
        let keep = tokenStart ?? position
        if keep > 0 {
            advanceCursor(to: base + keep)
            let kept = count - keep
            // Moved in place (the array keeps its capacity); the freed end is zeroed for the next read.
            buffer.removeFirst(keep)
            buffer.append(contentsOf: repeatElement(0, count: keep))
            count = kept
            position -= keep
            tokenStart = tokenStart.map { $0 - keep }
            base += keep
        }
        if count == buffer.count { buffer.append(contentsOf: repeatElement(0, count: buffer.count)) }
        // One byte past the maximum is enough to know that the text is too long.
        let room = maximumLength - (base + count)
        let wanted = room < buffer.count - count ? room + 1 : buffer.count - count
        let read: Int
        do {
            // The reader fills the chunk's free tail in place (count..<count + wanted lies inside the buffer).
            read = try buffer.withUnsafeMutableBytes { bytes in
                // The reader's one requirement takes a raw buffer: it writes straight into the chunk.
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: bytes[count..<count + wanted]))
            }
        } catch let error as SerializationError {
            throw error
        } catch {
            throw SerializationError(.streamFailed, "Reading the JSON text failed: \(error)", underlyingError: error)
        }
        guard read > 0 else {
            isAtEnd = true
            return false
        }
        count += read
        guard base + count <= maximumLength else {
            throw SerializationError(
                .bodyTooLarge,
                "The JSON text is longer than the maximum of \(maximumLength) bytes; raise the maximum length to "
                    + "read it"
            )
        }
        return true
    }

    /// The line and column of an offset that is still in the buffer (the current position, the start of the token
    /// being read) or was the last one asked for.
    mutating func position(at offset: Int) -> Position {
        let target = min(max(offset, cursor.offset), base + count)
        advanceCursor(to: target)
        return cursor
    }

    /// Counts lines and columns up to `offset`, which is at most the end of the buffer.
    private mutating func advanceCursor(to offset: Int) {
        guard offset > cursor.offset else { return }
        var line = cursor.line
        var column = cursor.column
        for index in (cursor.offset - base)..<(offset - base) {
            let byte = buffer[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        cursor = Position(offset: offset, line: line, column: column)
    }
}
