/// Checks that command-line arguments other than file paths are UTF-8, and quotes bytes that may not be.
///
/// Invalid UTF-8 in a header, a field, `--params` or the URL is a usage error that names the argument: sending it
/// as U+FFFD, as `CommandLine.arguments` would, sends something the user never typed.
enum ArgumentText {
    /// The argument as text.
    /// - Parameters:
    ///   - bytes: The argument's bytes.
    ///   - subject: What the bytes are, for the message: `the value of '--header'`, `the URL`.
    /// - Throws: ``UsageError`` naming `subject` and the offset of the first invalid byte.
    static func decode(_ bytes: some Collection<UInt8>, as subject: String) throws(UsageError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        let offset = firstInvalidOffset(in: bytes) ?? 0
        throw UsageError(
            "Invalid UTF-8 in \(subject) at byte \(offset); arguments other than file paths must be UTF-8 text")
    }

    /// The offset of the first byte that does not start a valid UTF-8 sequence, or `nil` when all are valid.
    static func firstInvalidOffset(in bytes: some Collection<UInt8>) -> Int? {
        var offset = 0
        var invalid: Int?
        forEachSequence(in: bytes) { sequence, isValid in
            if !isValid, invalid == nil { invalid = offset }
            offset += sequence.count
        }
        return invalid
    }

    /// Calls `body` with each UTF-8 scalar's bytes and `true`, or each maximal invalid subsequence and `false`.
    static func forEachSequence(
        in bytes: some Collection<UInt8>, _ body: (_ sequence: [UInt8], _ isValid: Bool) -> Void
    ) {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var rest = Array(bytes)[...]
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                body(Array(rest.prefix(encoded.count)), true)
                rest = rest.dropFirst(encoded.count)
            case .error(let length):
                body(Array(rest.prefix(length)), false)
                rest = rest.dropFirst(length)
            case .emptyInput:
                return
            }
        }
    }
}

/// Quotes bytes that may not be UTF-8 for a one-line message: UTF-8 text as ``quoted(_:)-(StringProtocol)`` quotes
/// it, each invalid byte as `\xHH`.
func quoted(bytes: some Collection<UInt8>) -> String {
    var result = "'"
    ArgumentText.forEachSequence(in: bytes) { sequence, isValid in
        if isValid {
            result += quoted(String(decoding: sequence, as: UTF8.self)).dropFirst().dropLast()
        } else {
            for byte in sequence {
                result += "\\x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16)
            }
        }
    }
    return result + "'"
}
