import Wireform

/// The delimiter `CRLF--boundary` that ends a part (RFC 2046 §5.1.1), which no part's headers or content may hold:
/// a reader would end the part there and read what follows as another part.
///
/// With the random default boundary, content cannot hold the delimiter unless it guesses 128 random bits, so only
/// forms with a constant boundary (``MultipartBoundary/constant(_:)``) are checked.
struct MultipartDelimiter: Sendable {
    /// `CR LF - - boundary`.
    let bytes: [UInt8]
    /// The boundary, for messages.
    let boundary: String
    /// A 65,536-bit set of the byte pairs the delimiter holds, indexed as a little-endian 16-bit load of the pair
    /// reads them (`bytes[j - 1] | bytes[j] << 8`), so a search can step a whole delimiter length minus one at a
    /// time over content that holds none of them.
    let pairs: [UInt64]

    init(boundary: String) {
        self.boundary = boundary
        let bytes = [0x0D, 0x0A, UInt8(ascii: "-"), UInt8(ascii: "-")] + Array(boundary.utf8)
        var pairs = [UInt64](repeating: 0, count: 1024)
        for index in 1..<bytes.count {
            let pair = Int(bytes[index - 1]) | Int(bytes[index]) << 8
            pairs[pair >> 6] |= 1 << UInt64(pair & 63)
        }
        self.bytes = bytes
        self.pairs = pairs
    }

    /// The error for a part whose content (or, with `inHeaders`, header section) holds the delimiter.
    func error(in label: PartLabel, inHeaders: Bool = false) -> SerializationError {
        SerializationError(
            .invalidPart,
            "\(inHeaders ? "The headers of \(label.fullText) contain" : "The content of \(label.fullText) contains") "
                + "\(SerializationError.quoted("\r\n--\(boundary)")), the delimiter of the constant multipart boundary "
                + "\(SerializationError.quoted(boundary)): a reader would end the part there and read the rest as another part. "
                + "Use the random default boundary or a constant that the content does not contain"
        )
    }

    /// The error for a part whose header section or in-memory content holds the delimiter, or `nil`; content that
    /// streams is searched as it streams.
    func violation(in part: MultipartPart, label: PartLabel) -> SerializationError? {
        if part.headers.contains(where: lineStartsWithDashBoundary) { return error(in: label, inHeaders: true) }
        var contentHolds = false
        part.body.withInMemoryBytes { contentHolds = occurs(in: $0) }
        return contentHolds ? error(in: label) : nil
    }

    /// The error for the first of `fields` whose value holds the delimiter, or `nil`; `firstIndex` is the first
    /// field's index in the form.
    ///
    /// A field's header section is the one line `Content-Disposition: form-data; name="…"`, which cannot start with
    /// `--boundary`, so only its value is searched.
    func violation(inValuesOf fields: QueryFields, firstIndex: Int) -> SerializationError? {
        // The fields' bytes searched where they are, one value at a time.
        let field = fields.withUnsafeBytes { bytes in
            (0..<fields.count).first { occurs(in: UnsafeRawBufferPointer(rebasing: bytes[fields.value(at: $0)])) }
        }
        return field.map { error(in: PartLabel(index: firstIndex + $0, name: fields.nameText(at: $0))) }
    }

    /// Whether a header line `name: value` starts with `--boundary`.
    ///
    /// A header section holds CRLF only at the ends of its lines (a field value cannot hold CR or LF and a name is a
    /// token), so the delimiter can only occur there as the start of a line; the CRLF CRLF before the content is
    /// searched with the content, which starts as if right after a CRLF.
    private func lineStartsWithDashBoundary(_ field: HeaderFields.Element) -> Bool {
        var expected = bytes[2...].makeIterator()
        /// Matches the line's next bytes; `nil` once the outcome is known.
        func match(_ text: String.UTF8View) -> Bool? {
            for byte in text {
                guard let next = expected.next() else { return true }
                if byte != next { return false }
            }
            return nil
        }
        if let outcome = match(field.name.rawName.utf8) ?? match(": ".utf8) ?? match(field.value.utf8) {
            return outcome
        }
        return expected.next() == nil
    }

    /// Whether `bytes`, read right after a CRLF, hold the delimiter.
    // A raw buffer so that arrays, Data and readers' buffers share one search without a copy.
    func occurs(in bytes: UnsafeRawBufferPointer) -> Bool {
        var search = DelimiterSearch()
        return search.scan(bytes, for: self)
    }

    /// Whether `bytes`, read right after a CRLF, hold the delimiter.
    func occurs(in bytes: [UInt8]) -> Bool {
        // The array's bytes searched in place.
        bytes.withUnsafeBytes { occurs(in: $0) }
    }
}

/// A search for the delimiter in a part's content that arrives in chunks of any size, carrying a partial match
/// across chunk edges.
///
/// The delimiter begins with the only CR it holds (a boundary has no CR), so no proper prefix of it is also its
/// suffix: after a mismatch the search restarts at the mismatched byte, and at most one partial match can be open at
/// the end of a chunk. Inside a chunk it looks at one byte pair per delimiter length minus one (any occurrence
/// covers one of those pairs, and the pair must be one of the delimiter's), and compares in full only where a
/// candidate starts with CR. No allocation.
struct DelimiterSearch {
    /// How many bytes of the delimiter the bytes seen so far end with. A part's content follows the CRLF that ends
    /// its header section, so a search starts with 2: content that starts with `--boundary` is found too.
    private(set) var matched = 2

    /// Scans the next chunk; returns `true` once the delimiter is complete.
    // A raw buffer so that arrays and readers' buffers share one search; bytes only, so UInt8 binding is sound.
    mutating func scan(_ chunk: UnsafeRawBufferPointer, for delimiter: MultipartDelimiter) -> Bool {
        guard let base = chunk.baseAddress, chunk.count > 0 else { return false }
        let bytes = base.assumingMemoryBound(to: UInt8.self)
        // The pattern and its pair table as pointers for the search loop (no bounds check per compared byte).
        return delimiter.bytes.withUnsafeBufferPointer { pattern in
            delimiter.pairs.withUnsafeBufferPointer { pairs in
                scan(bytes, chunk.count, pattern, pairs)
            }
        }
    }

    // Pointers from the public scan above: `count` bytes at `bytes`, the pattern and its pairs.
    private mutating func scan(
        _ bytes: UnsafePointer<UInt8>,
        _ count: Int,
        _ pattern: UnsafeBufferPointer<UInt8>,
        _ pairs: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        let length = pattern.count
        var start = 0
        // Continue a partial match from the previous chunk.
        if matched > 0 {
            while start < count, matched < length, bytes[start] == pattern[matched] {
                start += 1
                matched += 1
            }
            if matched == length { return true }
            if start == count { return false }
            matched = 0
        }
        if count - start >= length, Self.contains(bytes, from: start, to: count, pattern, pairs) { return true }
        // Carry the longest tail that begins the delimiter: it starts with the only CR the delimiter has.
        var position = max(start, count - (length - 1))
        while position < count {
            if bytes[position] == 0x0D, Self.matches(bytes + position, pattern, count: count - position) {
                matched = count - position
                return false
            }
            position += 1
        }
        return false
    }

    // Pointers from scan/occurs; start..<end lies within `bytes`; reads 2 bytes per step with unaligned loads.
    /// Whether the whole delimiter occurs in `bytes[start..<end]`.
    private static func contains(
        _ bytes: UnsafePointer<UInt8>,
        from start: Int,
        to end: Int,
        // The delimiter and its pair bitmap, lent by scan(_:for:) for this call only.
        _ pattern: UnsafeBufferPointer<UInt8>,
        _ pairs: UnsafeBufferPointer<UInt64>
    ) -> Bool {
        let length = pattern.count
        let step = length - 1
        let lastStart = end - length
        // Raw, for the unaligned 2-byte loads in bit(_:).
        let raw = UnsafeRawPointer(bytes)
        /// The pair ending at `probe`, as bit 0 (set when the delimiter holds the pair).
        func bit(_ probe: Int) -> UInt64 {
            let pair = Int(raw.loadUnaligned(fromByteOffset: probe - 1, as: UInt16.self).littleEndian)
            return pairs[pair &>> 6] &>> UInt64(pair & 63)
        }
        /// Compares the delimiter in full at every CR from `first` through `last`.
        func verify(_ first: Int, _ last: Int) -> Bool {
            var candidate = max(start, first)
            let last = min(last, lastStart)
            while candidate <= last {
                if bytes[candidate] == 0x0D, matches(bytes + candidate, pattern, count: length) { return true }
                candidate += 1
            }
            return false
        }
        // Each probe looks at the pair ending at `probe`, which every occurrence starting in
        // `probe - step ... probe - 1` covers; the next probe is `step` further on. Eight probes per branch: the
        // probes are independent loads, and content without the delimiter's pairs rarely takes the branch.
        var probe = start + step
        while probe + 7 * step < end {
            let any =
                bit(probe) | bit(probe + step) | bit(probe + 2 * step) | bit(probe + 3 * step) | bit(probe + 4 * step)
                | bit(probe + 5 * step) | bit(probe + 6 * step) | bit(probe + 7 * step)
            if any & 1 != 0, verify(probe - step, probe + 7 * step - 1) { return true }
            probe += 8 * step
        }
        while probe < end {
            if bit(probe) & 1 != 0, verify(probe - step, probe - 1) { return true }
            probe += step
        }
        return false
    }

    // The caller checked that `count` bytes are there in both.
    /// Whether the first `count` bytes at `bytes` equal the first `count` bytes of the delimiter.
    private static func matches(_ bytes: UnsafePointer<UInt8>, _ pattern: UnsafeBufferPointer<UInt8>, count: Int)
        -> Bool
    {
        var index = 0
        while index < count {
            if bytes[index] != pattern[index] { return false }
            index += 1
        }
        return true
    }
}
