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
    public struct AllowedCharacters: Sendable, Hashable {
        // One bit per ASCII byte: `low` holds 0..<64, `high` holds 64..<128. Bytes >= 128 are always escaped.
        let low: UInt64
        let high: UInt64

        /// Creates a set from ASCII characters; non-ASCII characters are ignored (they are always escaped).
        /// - Parameter characters: The characters to leave literal.
        public init(_ characters: String) {
            var low: UInt64 = 0
            var high: UInt64 = 0
            for byte in characters.utf8 where byte < 128 {
                if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
            }
            self.low = low
            self.high = high
        }

        /// RFC 3986 unreserved characters: `A-Z a-z 0-9 - . _ ~`.
        public static let unreserved = Self("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        /// Unreserved characters plus `/` and `?`: the default for query strings and form bodies.
        public static let queryComponent = Self(
            "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?"
        )

        /// Whether a byte is written literally.
        /// - Parameter byte: A byte.
        /// - Returns: `true` when the byte is in the set.
        @inline(__always)
        public func contains(_ byte: UInt8) -> Bool {
            if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
            if byte < 128 { return high & (1 << UInt64(byte &- 64)) != 0 }
            return false
        }
    }

    /// How a space is written.
    public enum SpaceEncoding: Sendable, Hashable {
        /// `%20`, valid in URLs and form bodies alike (the default).
        case percent20
        /// `+`, the HTML form convention for `application/x-www-form-urlencoded`.
        case plus
    }

    /// Escapes a string.
    /// - Parameters:
    ///   - string: The text to escape.
    ///   - allowed: The bytes to keep literal.
    ///   - spaceEncoding: How to write a space.
    /// - Returns: The escaped text.
    public static func escape(
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
    public static func append(
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
    public static func append(
        bytes source: UnsafeBufferPointer<UInt8>,
        to output: inout [UInt8],
        allowing allowed: AllowedCharacters = .queryComponent,
        spaceEncoding: SpaceEncoding = .percent20
    ) {
        // Escape through a stack buffer and flush it in large appends: no per-byte capacity checks on `output`.
        let chunkSize = 4096
        let spaceAsPlus = spaceEncoding == .plus
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: min(chunkSize, source.count * 3)) { chunk in
            var count = 0
            for byte in source {
                if count > chunk.count &- 3 {
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
                    count = 0
                }
                if allowed.contains(byte) {
                    chunk[count] = byte
                    count &+= 1
                } else if byte == 0x20 && spaceAsPlus {
                    chunk[count] = UInt8(ascii: "+")
                    count &+= 1
                } else {
                    chunk[count] = UInt8(ascii: "%")
                    chunk[count &+ 1] = hexDigit(byte >> 4)
                    chunk[count &+ 2] = hexDigit(byte & 0x0F)
                    count &+= 3
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
        }
    }

    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &- 10 &+ nibble
    }
}
