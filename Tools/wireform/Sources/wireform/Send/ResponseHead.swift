/// The status line and header section of an HTTP/1.1 response, as the server sent them and as parsed.
///
/// Parsing is strict where a mistake would change what the body is (RFC 9112 §6.3): conflicting `Content-Length`
/// values, a field line without a colon or with a space before it, an obsolete line folding, or a status line that
/// is not `HTTP/x.y NNN` make the response invalid.
struct ResponseHead {
    /// Why a response could not be read.
    struct Malformed: Error {
        /// What is wrong, for the message.
        let reason: String
    }

    /// How the body is delimited.
    enum Framing: Equatable {
        /// No body (a response to `HEAD`, `204`, `304`).
        case none
        /// Exactly this many bytes.
        case length(Int64)
        /// `Transfer-Encoding: chunked`.
        case chunked
        /// Everything until the server closes the connection.
        case untilClose
    }

    /// The status code.
    let status: Int
    /// The head exactly as received, with the empty line that ends it.
    let bytes: [UInt8]
    /// The header fields, names as sent.
    let fields: [(name: String, value: String)]

    /// The largest head accepted.
    static let maximumSize = 1 << 20

    /// The values of a field, compared case-insensitively by name.
    func values(of name: String) -> [String] {
        let lowercased = name.lowercased()
        return fields.filter { $0.name.lowercased() == lowercased }.map(\.value)
    }

    /// The offset just past the empty line that ends a head at the start of `bytes` (CRLF CRLF, or bare LFs, which
    /// RFC 9112 §2.2 allows a recipient to accept), or `nil` when it has not arrived yet.
    static func endOfHead(in bytes: [UInt8]) -> Int? {
        var index = 0
        var lineStart = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                let line = bytes[lineStart..<index]
                if line.isEmpty || line == [UInt8(ascii: "\r")] { return index + 1 }
                lineStart = index + 1
            }
            index += 1
        }
        return nil
    }

    /// Parses a complete head.
    /// - Parameter bytes: The head, ending with its empty line.
    /// - Throws: ``Malformed``.
    init(parsing bytes: [UInt8]) throws(Malformed) {
        self.bytes = bytes
        var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let statusLine = lines.first else { throw Malformed(reason: "the response is empty") }
        status = try Self.parseStatusLine(statusLine)
        var fields: [(name: String, value: String)] = []
        for line in lines.dropFirst() {
            guard let first = line.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t") else {
                throw Malformed(reason: "a header line is folded (obsolete line folding)")
            }
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex,
                line[..<colon].allSatisfy(Self.isTokenByte)
            else { throw Malformed(reason: "a header line is not 'Name: value'") }
            let value = line[line.index(after: colon)...].drop { $0 == 0x20 || $0 == 0x09 }
            guard !value.contains(0), !value.contains(UInt8(ascii: "\r")) else {
                throw Malformed(reason: "a header value holds a control character")
            }
            var trimmed = value[...]
            while let last = trimmed.last, last == 0x20 || last == 0x09 { trimmed = trimmed.dropLast() }
            fields.append(
                (String(decoding: line[..<colon], as: UTF8.self), String(decoding: trimmed, as: UTF8.self)))
        }
        self.fields = fields
    }

    /// How the body of this response to a request with `method` is delimited (RFC 9112 §6.3).
    /// - Throws: ``Malformed`` for an invalid or conflicting `Content-Length`.
    func framing(requestMethod method: String) throws(Malformed) -> Framing {
        if method == "HEAD" || (100...199).contains(status) || status == 204 || status == 304 { return .none }
        let codings = values(of: "Transfer-Encoding").flatMap { $0.split(separator: ",") }
            .map { trimmingSpaces($0).lowercased() }
        if !codings.isEmpty { return codings.last == "chunked" ? .chunked : .untilClose }
        let fields = values(of: "Content-Length")
        guard !fields.isEmpty else { return .untilClose }
        let lengths = Set(
            fields.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map(trimmingSpaces))
        guard let length = lengths.first else { throw Malformed(reason: "its Content-Length is not one valid number") }
        guard lengths.count == 1, !length.isEmpty, length.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let count = Int64(length)
        else { throw Malformed(reason: "its Content-Length is not one valid number") }
        return .length(count)
    }

    private static func parseStatusLine(_ line: ArraySlice<UInt8>) throws(Malformed) -> Int {
        let bytes = Array(line)
        let isDigit = { (byte: UInt8) in byte >= 0x30 && byte <= 0x39 }
        guard bytes.count >= 12, bytes.starts(with: "HTTP/".utf8), isDigit(bytes[5]), bytes[6] == UInt8(ascii: "."),
            isDigit(bytes[7]), bytes[8] == UInt8(ascii: " "), bytes[9..<12].allSatisfy(isDigit),
            bytes.count == 12 || bytes[12] == UInt8(ascii: " ")
        else { throw Malformed(reason: "its status line is not 'HTTP/1.1 NNN reason'") }
        return bytes[9..<12].reduce(0) { $0 * 10 + Int($1 - 0x30) }
    }

    /// `tchar` of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }
}
