/// Strings: RFC 8259 escaping.
extension JSONEncodingSink {
    /// Appends a JSON string literal (RFC 8259 section 7).
    ///
    /// `"` and `\` are escaped, and so are the control characters U+0000 to U+001F: `\b`, `\f`, `\n`, `\r` and
    /// `\t` in their short forms, the rest as `\u00XX` with lowercase hex digits. `/` is escaped only with
    /// ``JSONWritingOptions/escapingSlashes``. Everything else, including non-ASCII text, is copied as UTF-8.
    /// Runs of bytes that need no escaping are copied in one go.
    mutating func appendString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        // Contiguous UTF-8 once, and runs of plain bytes copied in one go: the escaper kept from the tree writer.
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                        || (byte == UInt8(ascii: "/") && escapesSlashes)
                else { continue }
                // A run of `utf8` (valid inside withUTF8) appended in one copy instead of byte by byte.
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscape(for: byte)
                runStart = index + 1
            }
            // The last run of `utf8`, in one copy; the slice lies inside the buffer withUTF8 lends.
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func appendEscape(for byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(Self.hexDigits[Int(byte >> 4)])
            bytes.append(Self.hexDigits[Int(byte & 0x0F)])
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
