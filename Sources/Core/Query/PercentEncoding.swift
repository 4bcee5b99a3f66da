/// Percent-escaping of UTF-8 bytes for query strings and form bodies (RFC 3986).
///
/// Bytes in the allowed set are written as they are; every other byte becomes `%XX` with uppercase hex digits.
/// Multi-byte characters (CJK, emoji, skin-tone and ZWJ sequences) are escaped byte by byte and are never split or
/// dropped. The default set is RFC 3986's unreserved characters plus `/` and `?`, the characters AFNetworking and
/// Alamofire leave literal in a query component:
///
/// ```swift
/// PercentEncoding.escape(" :#[]@!$&'()*+,;=/?")
/// // "%20%3A%23%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D/?"
/// ```
///
/// https://www.rfc-editor.org/rfc/rfc3986#section-2.1
public enum PercentEncoding {
    /// A set of ASCII bytes that are written without escaping.
    package struct AllowedCharacters: Sendable, Hashable {
        // One bit per ASCII byte: `low` holds 0..<64, `high` holds 64..<128. Bytes >= 128 are always escaped.
        let low: UInt64
        let high: UInt64
        // What each byte becomes, for `%20` and for `+` spaces: up to three output bytes in the low three bytes
        // of the entry (little-endian order) and their count in the top byte. See `EscapeTable`.
        let percent20Table: EscapeTable
        let plusTable: EscapeTable

        /// Creates a set from ASCII characters; non-ASCII characters are ignored (they are always escaped).
        /// - Parameter characters: The characters to leave literal.
        package init(_ characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.init(low: low, high: high)
        }

        /// Creates a set from its two bit masks.
        private init(low: UInt64, high: UInt64) {
            self.low = low
            self.high = high
            percent20Table = EscapeTable(low: low, high: high, spaceAsPlus: false)
            plusTable = EscapeTable(low: low, high: high, spaceAsPlus: true)
        }

        /// The set without one ASCII byte.
        /// - Parameter byte: A byte below 128.
        /// - Returns: The set, with `byte` escaped.
        func removing(_ byte: UInt8) -> Self {
            if byte < 64 { return Self(low: low & ~(1 << UInt64(byte)), high: high) }
            return Self(low: low, high: high & ~(1 << UInt64(byte &- 64)))
        }

        /// RFC 3986 unreserved characters, `A-Z a-z 0-9 - . _ ~`, as text.
        static let unreservedCharacters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
        /// RFC 3986 unreserved characters: `A-Z a-z 0-9 - . _ ~`.
        package static let unreserved = Self(unreservedCharacters)
        /// Unreserved characters plus `/` and `?`: the default for query strings and form bodies.
        package static let queryComponent = Self(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?"
        )

        /// Whether a byte is written literally.
        /// - Parameter byte: A byte.
        /// - Returns: `true` when the byte is in the set.
        @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
        package func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 << UInt64(byte &- 64)) != 0 }
            return false
        }

        /// Compares the sets of allowed bytes.
        /// - Parameters:
        ///   - lhs: A set.
        ///   - rhs: Another set.
        /// - Returns: `true` when both allow the same bytes.
        package static func == (lhs: Self, rhs: Self) -> Bool { lhs.low == rhs.low && lhs.high == rhs.high }

        /// Hashes the allowed bytes.
        /// - Parameter hasher: The hasher.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(low)
            hasher.combine(high)
        }
    }

    /// Escapes a string.
    /// - Parameters:
    ///   - string: The text to escape.
    ///   - allowed: The bytes to keep literal.
    ///   - spaceEncoding: How to write a space.
    /// - Returns: The escaped text.
    package static func escape(
        _ string: String,
        allowing allowed: AllowedCharacters = .queryComponent,
        spaceEncoding: SpaceEncoding = .percent20
    ) -> String {
        var bytes: [UInt8] = []
        append(string, to: &bytes, allowing: allowed, spaceEncoding: spaceEncoding)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the escaped UTF-8 bytes of a string.
    /// - Parameters:
    ///   - string: The text to escape.
    ///   - output: The buffer to append to.
    ///   - allowed: The bytes to keep literal.
    ///   - spaceEncoding: How to write a space.
    package static func append(
        _ string: String,
        to output: inout [UInt8],
        allowing allowed: AllowedCharacters = .queryComponent,
        spaceEncoding: SpaceEncoding = .percent20
    ) {
        let done: Void? = string.utf8.withContiguousStorageIfAvailable { source in
            append(bytes: source, to: &output, allowing: allowed, spaceEncoding: spaceEncoding)
        }
        if done == nil {
            var contiguous = string
            contiguous.makeContiguousUTF8()
            append(contiguous, to: &output, allowing: allowed, spaceEncoding: spaceEncoding)
        }
    }

    /// Appends escaped bytes.
    /// - Parameters:
    ///   - source: The bytes to escape (UTF-8 text or raw data).
    ///   - output: The buffer to append to.
    ///   - allowed: The bytes to keep literal.
    ///   - spaceEncoding: How to write a space.
    package static func append(
        // A buffer: callers lend String or array storage (withUTF8, slices) without a copy.
        bytes source: UnsafeBufferPointer<UInt8>,
        to output: inout [UInt8],
        allowing allowed: AllowedCharacters = .queryComponent,
        spaceEncoding: SpaceEncoding = .percent20
    ) {
        // Branch-free: every input byte stores its 4-byte table entry and advances by the entry's length, so
        // mixed ASCII and multi-byte text costs no mispredicted branches. Output goes through a stack buffer that
        // is flushed in large appends: no per-byte capacity checks on `output`.
        let table = spaceEncoding == .plus ? allowed.plusTable : allowed.percent20Table
        let chunkSize = 16 * 1024
        let capacity = min(chunkSize, source.count * 3 + 1)
        table.entries.withUnsafeBufferPointer { entries in
            withUnsafeTemporaryAllocation(byteCount: capacity, alignment: 1) { chunk in
                let base = chunk.baseAddress!  // a non-zero capacity always has storage
                let limit = capacity &- 4
                var count = 0
                for byte in source {
                    if count > limit {
                        // Flush: the chunk's `count` stored bytes are copied into `output`, then the chunk is reused.
                        output.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
                        count = 0
                    }
                    let entry = entries[Int(byte)]
                    base.storeBytes(of: entry.littleEndian, toByteOffset: count, as: UInt32.self)
                    count &+= Int(truncatingIfNeeded: entry >> 24)
                }
                // The last bytes, copied out before the stack chunk is freed.
                output.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
            }
        }
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &- 10 &+ nibble
    }
}

/// What every byte becomes when escaped: its output bytes packed with their count, for a branch-free loop.
struct EscapeTable: Sendable {
    let entries: [UInt32]

    init(low: UInt64, high: UInt64, spaceAsPlus: Bool) {
        entries = (0..<256).map { value in
            let byte = UInt8(value)
            let isAllowed =
                byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
            if isAllowed { return UInt32(byte) | 1 << 24 }
            if byte == 0x20 && spaceAsPlus { return UInt32(UInt8(ascii: "+")) | 1 << 24 }
            let escape =
                UInt32(UInt8(ascii: "%")) | UInt32(PercentEncoding.hexDigit(byte >> 4)) << 8
                | UInt32(PercentEncoding.hexDigit(byte & 0x0F)) << 16
            return escape | 3 << 24
        }
    }
}

extension EscapeTable {
    // nonisolated(unsafe): a pointer is not Sendable; set once (a lazy static's init is thread-safe), then only read.
    /// ``PercentEncoding/AllowedCharacters/queryComponent``'s table with `%20` spaces, allocated once for the
    /// process, so that the query writer reads it without a closure around each query.
    nonisolated(unsafe) static let queryComponentPercent20 = permanentCopy(
        of: PercentEncoding.AllowedCharacters.queryComponent.percent20Table)
    /// ``PercentEncoding/AllowedCharacters/queryComponent``'s table with `+` spaces, allocated once for the process.
    nonisolated(unsafe) static let queryComponentPlus = permanentCopy(  // Same as above.
        of: PercentEncoding.AllowedCharacters.queryComponent.plusTable)

    // A pointer, not an array: per-byte loads skip bounds checks. Statics keep theirs; AllowedByteTables frees its own.
    static func permanentCopy(of table: EscapeTable) -> UnsafePointer<UInt32> {
        let pointer = UnsafeMutablePointer<UInt32>.allocate(capacity: table.entries.count)
        pointer.initialize(from: table.entries, count: table.entries.count)
        return UnsafePointer(pointer)
    }
}
