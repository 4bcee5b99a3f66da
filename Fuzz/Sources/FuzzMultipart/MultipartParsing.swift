/// A strict multipart parser written for the fuzz target: it accepts only the framing RFC 2046 prescribes.
enum MultipartParsing {
    struct Part {
        var headerLines: [[UInt8]]
        var body: [UInt8]
    }

    /// The parts of a body, or `nil` when the framing is wrong.
    static func parts(of bytes: [UInt8], boundary: [UInt8]) -> [Part]? {
        let first = Array("--".utf8) + boundary
        let delimiter = Array("\r\n--".utf8) + boundary
        let closing = delimiter + Array("--\r\n".utf8)
        if bytes == first + Array("--\r\n".utf8) { return [] }
        guard bytes.starts(with: first + Array("\r\n".utf8)), bytes.count >= closing.count,
            Array(bytes.suffix(closing.count)) == closing
        else { return nil }
        var parts: [Part] = []
        var start = first.count + 2
        while true {
            guard let end = index(of: delimiter, in: bytes, from: start) else { return nil }
            guard let part = part(Array(bytes[start..<end])) else { return nil }
            parts.append(part)
            let after = end + delimiter.count
            if bytes[after...].starts(with: Array("--\r\n".utf8)) {
                return after + 4 == bytes.count ? parts : nil
            }
            guard bytes[after...].starts(with: Array("\r\n".utf8)) else { return nil }
            start = after + 2
        }
    }

    /// Whether header lines hold no CR or LF, and a `Content-Disposition` line is `form-data` followed by
    /// `; key="value"` parameters whose quoted values hold no `"` (WHATWG escapes it as `%22`).
    static func headersAreClean(_ lines: [[UInt8]]) -> Bool {
        lines.allSatisfy { line in
            guard !line.contains(0x0D), !line.contains(0x0A) else { return false }
            let prefix = Array("Content-Disposition: form-data".utf8)
            guard line.starts(with: prefix) else { return true }
            return dispositionParametersAreWellFormed(line[prefix.count...])
        }
    }

    private static func dispositionParametersAreWellFormed(_ text: ArraySlice<UInt8>) -> Bool {
        var rest = text
        while !rest.isEmpty {
            guard rest.starts(with: Array("; ".utf8)) else { return false }
            rest = rest.dropFirst(2)
            guard let equals = rest.firstIndex(of: UInt8(ascii: "=")) else { return false }
            rest = rest[(equals + 1)...]
            guard rest.first == UInt8(ascii: "\"") else { return false }
            rest = rest.dropFirst()
            guard let closing = rest.firstIndex(of: UInt8(ascii: "\"")) else { return false }
            rest = rest[(closing + 1)...]
        }
        return true
    }

    private static func part(_ bytes: [UInt8]) -> Part? {
        guard let end = index(of: Array("\r\n\r\n".utf8), in: bytes, from: 0) else {
            return nil
        }
        let headerBytes = Array(bytes[0..<end])
        var lines: [[UInt8]] = []
        var lineStart = 0
        while let lineEnd = index(of: [0x0D, 0x0A], in: headerBytes, from: lineStart) {
            lines.append(Array(headerBytes[lineStart..<lineEnd]))
            lineStart = lineEnd + 2
        }
        lines.append(Array(headerBytes[lineStart...]))
        return Part(headerLines: lines, body: Array(bytes[(end + 4)...]))
    }

    private static func index(of needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count else { return nil }
        var position = start
        while position + needle.count <= haystack.count {
            if haystack[position] == needle[0], haystack[position..<(position + needle.count)].elementsEqual(needle) {
                return position
            }
            position += 1
        }
        return nil
    }
}
