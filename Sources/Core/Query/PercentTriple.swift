/// Recognizes RFC 3986 percent-encoded triples (`%` followed by two hex digits, either case).
///
/// https://www.rfc-editor.org/rfc/rfc3986#section-2.1
enum PercentTriple {
    /// Whether a byte is an ASCII hex digit.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "F"),
            UInt8(ascii: "a")...UInt8(ascii: "f"):
            true
        default:
            false
        }
    }
}
