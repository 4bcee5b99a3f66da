#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The command line as the bytes the caller passed, carried through swift-argument-parser's `[String]` without loss.
///
/// `CommandLine.arguments` repairs invalid UTF-8 to U+FFFD, so a file name that is not UTF-8 would name another file
/// and a header value would change. The tool reads `argv` itself and gives the parser strings in which each byte of
/// an invalid sequence stands as one private-use scalar (U+10FF80 to U+10FFFF for the bytes 0x80 to 0xFF), and so
/// does each line break (U+10FF0A, U+10FF0D), so that a value's line break is told apart from the lines of the
/// parser's messages (``displayable(_:)``). A typed scalar from U+10FF00 up is carried as its four bytes, so the
/// mapping is exact both ways. File paths get their bytes back (``bytes(_:)``); every other value must be UTF-8 text
/// (``text(_:)``), the one check of that rule.
enum ArgumentBytes {
    /// The scalar that stands for byte `0x00`; bytes `0x80` to `0xFF`, `\n` and `\r` use `base + byte`.
    private static let base: UInt32 = 0x10_FF00

    /// The arguments after the program name, as strings for the parser. Before any `--`, `--name=` is given as
    /// `--name` and an empty argument: swift-argument-parser reads an empty attached value as none and would take
    /// the next argument instead (`--uri-methods= GET`).
    static func arguments() -> [String] {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return [] }
        let arguments = (1..<count).map { index in
            // argv as the kernel passed it: the only way to its bytes (`CommandLine.arguments` repairs them).
            guard let argument = CommandLine.unsafeArgv[index] else { return "" }
            return string(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
        let options = arguments.prefix { $0 != "--" }
        return options.flatMap {
            $0.count > 3 && $0.hasPrefix("--") && $0.hasSuffix("=") ? [String($0.dropLast()), ""] : [$0]
        }
            + arguments[options.endIndex...]
    }

    /// The bytes as a string for the parser: valid UTF-8 as it is, line breaks and every other byte as its
    /// private-use scalar.
    static func string(_ bytes: some Collection<UInt8>) -> String {
        if let text = String(validating: bytes, as: UTF8.self), !isEscaped(text),
            !text.utf8.contains(where: isLineBreak)
        {
            return text
        }
        var scalars = String.UnicodeScalarView()
        forEachSequence(in: bytes) { sequence, isValid in
            let scalar = isValid ? String(decoding: sequence, as: UTF8.self).unicodeScalars.first : nil
            if let scalar, scalar.value < base, !(scalar.isASCII && isLineBreak(UInt8(scalar.value))) {
                scalars.append(scalar)
            } else {
                // Line breaks, invalid sequences and U+10FF00... hold the bytes \n, \r and 0x80 to 0xFF only, so
                // each scalar is one of U+10FF0A, U+10FF0D or U+10FF80...U+10FFFF: always a valid scalar.
                for byte in sequence { scalars.append(Unicode.Scalar(base + UInt32(byte))!) }
            }
        }
        return String(scalars)
    }

    /// Whether the byte is `\n` or `\r`.
    private static func isLineBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }

    /// The bytes a parsed string stands for: the exact bytes given on the command line.
    static func bytes(_ string: String) -> [UInt8] {
        guard isEscaped(string) else { return Array(string.utf8) }
        return string.unicodeScalars.flatMap {
            $0.value >= base ? [UInt8($0.value - base)] : Array(String($0).utf8)
        }
    }

    /// Whether the string holds a scalar that stands for a byte.
    private static func isEscaped(_ string: String) -> Bool {
        string.unicodeScalars.contains { $0.value >= base }
    }

    /// A parsed string that must be text.
    /// - Throws: ``UsageError`` whose message is the reason (for an option's transform): the offset of the first
    ///   byte that is not UTF-8. Sending U+FFFD, as `CommandLine.arguments` would, sends something the user never
    ///   typed.
    static func text(_ string: String) throws(UsageError) -> String {
        try text(bytes: bytes(string))
    }

    /// Bytes that must be text, as ``text(_:)`` checks them.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - part: Which part of the value they are, for the reason: `'type='`.
    static func text(bytes: some Collection<UInt8>, in part: String? = nil) throws(UsageError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        var offset = 0
        var invalid: Int?
        forEachSequence(in: bytes) { sequence, isValid in
            if !isValid, invalid == nil { invalid = offset }
            offset += sequence.count
        }
        throw UsageError(
            "invalid UTF-8\(part.map { " in \($0)" } ?? "") at byte \(invalid ?? 0); arguments other than file paths "
                + "must be UTF-8 text")
    }

    /// A message of swift-argument-parser's on one line (its lines joined with spaces), with the bytes it quotes
    /// from the command line shown as ``quoted(bytes:)`` shows them.
    static func displayable(_ message: String) -> String {
        let line = message.split(separator: "\n").map { $0.drop { $0 == " " } }.joined(separator: " ")
        return String(quoted(bytes: bytes(line)).dropFirst().dropLast())
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
    ArgumentBytes.forEachSequence(in: bytes) { sequence, isValid in
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
