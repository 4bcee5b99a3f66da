/// RFC 9110 grammar checks shared by media types, header names and methods.
///
/// https://www.rfc-editor.org/rfc/rfc9110#name-tokens
enum HTTPToken {
    /// Whether a byte is a `tchar`: ``!#$%&'*+-.^_`|~``, a digit or a letter.
    static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
            UInt8(ascii: "^"), UInt8(ascii: "_"), UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// Whether a string is a non-empty token.
    static func isToken(_ string: some StringProtocol) -> Bool {
        !string.isEmpty && string.utf8.allSatisfy(isTokenByte)
    }

    /// Whether a header field value is allowed: no CR, LF or NUL, no other control byte except horizontal tab,
    /// and no leading or trailing white space.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#name-field-values
    static func isValidFieldValue(_ string: some StringProtocol) -> Bool {
        // Native strings are contiguous UTF-8: scan the bytes without the string's iterator.
        if let result = string.utf8.withContiguousStorageIfAvailable(isValidFieldValue) { return result }
        var last: UInt8?
        for byte in string.utf8 {
            if byte < 0x20 && byte != 0x09 || byte == 0x7F { return false }
            if last == nil, byte == 0x20 || byte == 0x09 { return false }
            last = byte
        }
        return last != 0x20 && last != 0x09
    }

    // A buffer so that String (withUTF8) and Substring callers share one check without copying.
    private static func isValidFieldValue(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return true }
        if first == 0x20 || first == 0x09 || last == 0x20 || last == 0x09 { return false }
        for byte in bytes where byte < 0x20 && byte != 0x09 || byte == 0x7F { return false }
        return true
    }
}
