/// Where the parts of a request's URL text end, in UTF-8 bytes from its start, found once when the text is checked.
///
/// The text is `scheme://authority[path][?query][#fragment]`; it is checked byte by byte against RFC 3986's
/// characters (no Foundation `URL` is made), so it is ASCII and every offset is a character boundary.
struct URLTextParts: Sendable, Hashable {
    /// The offset of the `:` after the scheme.
    var schemeEnd: Int
    /// The offset of the first byte after the authority: the path's `/`, the query's `?`, the `#`, or the end.
    var pathStart: Int
    /// The offset of the `#` that starts the fragment, or the text's length when there is none.
    var fragmentStart: Int

    /// Parts already found.
    init(schemeEnd: Int, pathStart: Int, fragmentStart: Int) {
        self.schemeEnd = schemeEnd
        self.pathStart = pathStart
        self.fragmentStart = fragmentStart
    }

    /// Checks an absolute `http` or `https` URL and finds its parts.
    ///
    /// Non-ASCII text in the path, query or fragment is percent-encoded as UTF-8 (RFC 3987's mapping of an IRI to a
    /// URI, as Foundation's `URL(string:)` does); every other byte is taken as it is or refused.
    /// - Parameters:
    ///   - text: The URL text.
    ///   - name: What the text is, for the message: `URL`, or `base URL`.
    ///   - origin: Where the text came from, for the message, after the quoted text: empty, or ` ('users' resolved
    ///     against the base URL '…')`.
    /// - Returns: The URL text (changed only when it had non-ASCII text) and its parts.
    /// - Throws: ``SerializationError/Code/invalidURL`` naming what is wrong: no scheme, another scheme, no `//`
    ///   and host, a host that is not ASCII, or a byte a URL cannot carry unescaped (a space, a control byte, one of
    ///   `"<>\^`{|}`, a `%` without two hex digits). `[` and `]` after the host are percent-encoded
    ///   (``escapingBrackets(_:from:)``).
    static func check(
        _ text: String,
        name: String = "URL",
        origin: String = ""
    ) throws(SerializationError) -> (text: String, parts: URLTextParts) {
        var native = text
        native.makeContiguousUTF8()
        let result = native.utf8.withContiguousStorageIfAvailable { Self.scan($0) } ?? .failure("it is not UTF-8 text")
        switch result {
        case .success(let parts): return escapingBrackets(native, parts: parts)
        case .failure(let problem) where problem.isNonASCII:
            let encoded = Self.percentEncodingNonASCII(native)
            if case .success(let parts) = encoded.utf8.withContiguousStorageIfAvailable({ Self.scan($0) }) {
                return escapingBrackets(encoded, parts: parts)
            }
            throw SerializationError(
                .invalidURL,
                "Invalid \(name) \(SerializationError.quoted(text))\(origin): \(scanProblem(encoded).text)")
        case .failure(let problem):
            throw SerializationError(
                .invalidURL, "Invalid \(name) \(SerializationError.quoted(text))\(origin): \(problem.text)")
        }
    }

    /// The checked text with each `[` and `]` after the authority written as `%5B` and `%5D`, and its parts.
    ///
    /// RFC 3986 allows brackets only around an IP literal host; AsyncHTTPClient and URLSession send them escaped
    /// in a path or query, so Wireform escapes them itself and what it prints is what every client sends.
    private static func escapingBrackets(_ text: String, parts: URLTextParts) -> (text: String, parts: URLTextParts) {
        guard let escaped = escapingBrackets(text, from: parts.pathStart) else { return (text, parts) }
        var native = escaped
        native.makeContiguousUTF8()
        let rescanned = native.utf8.withContiguousStorageIfAvailable { Self.scan($0) }
        // Only brackets changed, into triples the scan allows: the parts shift, nothing else.
        guard case .success(let newParts) = rescanned else { return (text, parts) }
        return (native, newParts)
    }

    /// The text with each `[` and `]` from the byte offset `start` on written as `%5B` and `%5D`, or `nil` when
    /// there is none.
    static func escapingBrackets(_ text: String, from start: Int) -> String? {
        let open = UInt8(ascii: "[")
        let close = UInt8(ascii: "]")
        guard text.utf8.dropFirst(start).contains(where: { (byte: UInt8) -> Bool in byte == open || byte == close })
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        var offset = 0
        for byte in text.utf8 {
            if offset >= start && byte == open {
                bytes.append(contentsOf: "%5B".utf8)
            } else if offset >= start && byte == close {
                bytes.append(contentsOf: "%5D".utf8)
            } else {
                bytes.append(byte)
            }
            offset += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The problem ``scan(_:)`` finds in text.
    private static func scanProblem(_ text: String) -> Problem {
        var native = text
        native.makeContiguousUTF8()
        if case .failure(let problem) = native.utf8.withContiguousStorageIfAvailable({ Self.scan($0) }) {
            return problem
        }
        return "it is not a URL"
    }

    /// The text with every byte from 0x80 up written as `%XX`.
    static func percentEncodingNonASCII(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 2)
        for byte in text.utf8 {
            if byte < 0x80 {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(contentsOf: hex(byte).utf8)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// What is wrong with a URL's text, to follow "Invalid URL '…': ".
    struct Problem: Error, ExpressibleByStringLiteral {
        let text: String
        /// Whether the problem is a non-ASCII byte after the host, which percent-encoding mends.
        var isNonASCII = false
        /// The byte refused, when the problem is one byte.
        var byte: UInt8?
        init(_ text: String) { self.text = text }
        init(stringLiteral text: String) { self.text = text }
    }

    // A buffer: the text's contiguous UTF-8, lent by withContiguousStorageIfAvailable and scanned in place.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<URLTextParts, Problem> {
        // scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ), then ":".
        var index = 0
        while index < bytes.count, isSchemeByte(bytes[index], first: index == 0) { index += 1 }
        guard index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
            return .failure("expected an absolute URL")
        }
        let schemeEnd = index
        // A slice of the lent buffer (rebasing), decoded into a String before the closure ends.
        let scheme = String(decoding: UnsafeBufferPointer(rebasing: bytes[..<schemeEnd]), as: UTF8.self)
        guard ["http", "https"].contains(scheme.lowercased()) else {
            return .failure(Problem("the scheme '\(scheme)' is not http or https"))
        }
        guard bytes.count >= schemeEnd + 3, bytes[schemeEnd + 1] == UInt8(ascii: "/"),
            bytes[schemeEnd + 2] == UInt8(ascii: "/")
        else { return .failure(Problem("expected '//' and a host after '\(scheme):'")) }
        var pathStart = schemeEnd + 3
        var hostStart = pathStart
        while pathStart < bytes.count {
            let byte = bytes[pathStart]
            if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
            if byte == UInt8(ascii: "@") { hostStart = pathStart + 1 }
            if byte >= 0x80 { return .failure("the host is not ASCII; write an international name in its xn-- form") }
            pathStart += 1
        }
        if var problem = firstBadByte(in: bytes, from: schemeEnd + 1) {
            problem.isNonASCII = problem.byte.map { $0 >= 0x80 } ?? false
            return .failure(problem)
        }
        guard hostStart < pathStart, bytes[hostStart] != UInt8(ascii: ":") else { return .failure("it has no host") }
        // The host[:port] slice of the lent buffer, checked in place.
        if let problem = portProblem(in: UnsafeBufferPointer(rebasing: bytes[hostStart..<pathStart])) {
            return .failure(problem)
        }
        var fragmentStart = pathStart
        while fragmentStart < bytes.count, bytes[fragmentStart] != UInt8(ascii: "#") { fragmentStart += 1 }
        return .success(URLTextParts(schemeEnd: schemeEnd, pathStart: pathStart, fragmentStart: fragmentStart))
    }

    // A buffer slice, so that scan(_:) checks the port in place without a copy.
    /// The problem with the port of a `host[:port]` (an IPv6 literal in brackets may hold colons of its own), or
    /// `nil` when there is no port or it is one: an empty port means the scheme's default (RFC 3986, section
    /// 3.2.3), and a port is decimal digits up to 65535, the largest a TCP port can be. A larger number is refused
    /// rather than wrapped, so that the request never goes to a port other than the one its text names.
    static func portProblem(in hostAndPort: UnsafeBufferPointer<UInt8>) -> Problem? {
        var colon: Int?
        for index in hostAndPort.indices.reversed() {
            let byte = hostAndPort[index]
            if byte == UInt8(ascii: "]") { break }
            if byte == UInt8(ascii: ":") {
                colon = index
                break
            }
        }
        guard let colon else { return nil }
        // The port's digits, a slice of the caller's buffer, decoded at once.
        let digits = UnsafeBufferPointer(rebasing: hostAndPort[(colon + 1)...])
        let text = String(decoding: digits, as: UTF8.self)
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else {
                return Problem("the port '\(text)' is not a number")
            }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            if value > 65535 { return Problem("the port \(text) is above 65535") }
        }
        return nil
    }

    // A buffer: URLs and queries are checked in place (withUTF8, withUnsafeBufferPointer), without a copy.
    /// The problem with the first byte from `start` on that a URL cannot carry unescaped, or `nil`.
    ///
    /// One bit test per byte against two constant masks (no table to load), so that checking a long query costs
    /// little next to writing it.
    static func firstBadByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Problem? {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if isAllowed(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    return Problem("the '%' at byte \(index) is not followed by two hex digits")
                }
                index += 3
                continue
            }
            let shown =
                (0x21..<0x7F).contains(byte)
                ? "'\(Character(Unicode.Scalar(byte)))'" : byte == 0x20 ? "space" : "byte 0x\(hex(byte))"
            var problem = Problem("the \(shown) at byte \(index) must be percent-encoded")
            problem.byte = byte
            return problem
        }
        return nil
    }

    /// Whether a URL carries the byte as it is: RFC 3986's unreserved and reserved characters (`%` is checked
    /// apart). Bytes 0–63 and 64–127 are one bit each in two masks; bytes from 128 up are never carried.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        // 0-63: ! # $ & ' ( ) * + , - . / 0-9 : ; = ?   64-127: @ A-Z [ ] _ a-z ~
        let low: UInt64 = 0xafff_ffda_0000_0000
        let high: UInt64 = 0x47ff_fffe_afff_ffff
        switch byte {
        case 0..<64: return (low >> UInt64(byte)) & 1 == 1
        case 64..<128: return (high >> UInt64(byte - 64)) & 1 == 1
        default: return false
        }
    }

    private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default: return false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
            UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }
}
