/// How expanded values are escaped: the three sets RFC 6570 and OpenAPI use.
enum TemplateEscaping: Sendable {
    /// Everything but RFC 3986 unreserved characters is percent-encoded (`U` in RFC 6570 Appendix A).
    case unreserved
    /// Unreserved and reserved characters and percent-encoded triples pass (`U+R`, for `+` and `#`).
    case reserved
    /// Nothing is escaped: header values (OpenAPI Appendix D: percent-encoding never applied to headers).
    case none

    /// RFC 3986 unreserved and reserved characters (`gen-delims` and `sub-delims`).
    static let reservedSet = PercentEncoding.AllowedCharacters(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;="
    )

    /// Appends text escaped by this rule.
    func append(_ text: String, to output: inout [UInt8]) {
        switch self {
        case .none:
            output.append(contentsOf: text.utf8)
        case .unreserved:
            Self.appendKeepingTriples(text, allowing: .unreserved, keepsTriples: false, to: &output)
        case .reserved:
            Self.appendKeepingTriples(text, allowing: Self.reservedSet, keepsTriples: true, to: &output)
        }
    }

    /// Appends a name (a variable's or a dictionary key's own name): unreserved characters and percent-encoded
    /// triples pass, so a valid RFC 6570 variable name is written as it is.
    static func appendName(_ name: String, to output: inout [UInt8]) {
        appendKeepingTriples(name, allowing: .unreserved, keepsTriples: true, to: &output)
    }

    private static func appendKeepingTriples(
        _ text: String,
        allowing allowed: PercentEncoding.AllowedCharacters,
        keepsTriples: Bool,
        to output: inout [UInt8]
    ) {
        guard keepsTriples else { return PercentEncoding.append(text, to: &output, allowing: allowed) }
        var text = text
        // Contiguous UTF-8 once; the escapers take buffer slices (`rebasing:`) of it, valid only inside the closure.
        text.withUTF8 { bytes in
            var start = 0
            var index = 0
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count,
                    PercentTriple.isHexDigit(bytes[index + 1]), PercentTriple.isHexDigit(bytes[index + 2])
                {
                    // Slices of `bytes` (rebasing), the run before the triple and the triple, valid in withUTF8 only.
                    PercentEncoding.append(
                        bytes: UnsafeBufferPointer(rebasing: bytes[start..<index]), to: &output, allowing: allowed)
                    output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + 3)]))
                    index += 3
                    start = index
                } else {
                    index += 1
                }
            }
            // The last run, a slice of `bytes` too.
            PercentEncoding.append(
                bytes: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]), to: &output, allowing: allowed)
        }
    }
}
