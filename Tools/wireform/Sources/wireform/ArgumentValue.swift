/// The checks that type one option value as swift-argument-parser hands it over (an ``ArgumentBytes`` string).
///
/// Each throws a ``UsageError`` whose message is only the reason: the parser prints it as "The value 'X' is invalid
/// for '-o <PATH>': REASON", naming the option as the user spelled it.
enum ArgumentValue {
    /// `--header Name: value`: the name up to the first `:`, the value without surrounding spaces and tabs.
    struct Header: RepeatableValue {
        let name: String
        let value: String
    }

    /// A credential (`--basic`, `--bearer`), kept as given: typed without a check, because swift-argument-parser
    /// repeats a value it refuses and a message must not repeat a secret; ``CommandLineArguments/validate()`` checks
    /// it naming only the option.
    struct Secret {
        /// The value as the parser read it.
        let given: String

        /// The text, or `nil` when it is not UTF-8.
        var text: String? { try? ArgumentBytes.text(given) }

        /// `USER:PASSWORD` split at the first `:`, or `nil` without one.
        var userAndPassword: (user: String, password: String)? {
            guard let text, let colon = text.firstIndex(of: ":") else { return nil }
            return (String(text[..<colon]), String(text[text.index(after: colon)...]))
        }
    }

    /// Text: the value must be UTF-8.
    static func text(_ value: String) throws(UsageError) -> String {
        try ArgumentBytes.text(value)
    }

    /// A file path as the exact bytes given (need not be UTF-8).
    /// - Throws: ``UsageError`` for an empty path.
    static func path(_ value: String) throws(UsageError) -> RawPath {
        guard !value.isEmpty else { throw UsageError("the path is empty") }
        return RawPath(ArgumentBytes.bytes(value))
    }

    /// A file path that must be text (`--cacert`, which NIOSSL opens by a `String`).
    /// - Throws: ``UsageError`` for an empty path or invalid UTF-8.
    static func textPath(_ value: String) throws(UsageError) -> String {
        guard !value.isEmpty else { throw UsageError("the path is empty") }
        return try text(value)
    }

    /// `--timeout`: a number of seconds from 0.001 to 1,000,000.
    /// - Throws: ``UsageError`` for anything else: URLSession on Linux counts in whole milliseconds (0 means never)
    ///   and traps on huge values.
    static func seconds(_ value: String) throws(UsageError) -> Double {
        guard let seconds = Double(value), seconds.isFinite, seconds > 0, !value.hasPrefix("0x") else {
            throw UsageError("expected a positive number of seconds")
        }
        guard (0.001...1_000_000).contains(seconds) else {
            throw UsageError("expected at least 0.001 and at most 1000000 seconds")
        }
        return seconds
    }

    /// `--max-redirects`: a whole number from 0 to 1000.
    static func redirectCount(_ value: String) throws(UsageError) -> Int {
        guard let count = Int(value), (0...1000).contains(count), value.allSatisfy(\.isASCII) else {
            throw UsageError("expected a whole number from 0 to 1000")
        }
        return count
    }

    /// `--uri-methods`: a comma-separated list of method names, each without surrounding spaces; empty for none.
    static func methods(_ value: String) throws(UsageError) -> [String] {
        let list = try text(value)
        guard !list.isEmpty else { return [] }
        let methods = list.split(separator: ",", omittingEmptySubsequences: false).map(trimmingSpaces)
        guard !methods.contains(where: \.isEmpty) else {
            throw UsageError("expected a comma-separated list such as GET,HEAD")
        }
        return methods
    }

    /// `--header Name: value`.
    static func header(_ value: String) throws(UsageError) -> Header {
        let header = try text(value)
        guard let colon = header.firstIndex(of: ":") else { throw UsageError("expected 'Name: value'") }
        return Header(name: String(header[..<colon]), value: trimmingSpaces(header[header.index(after: colon)...]))
    }

    /// The text without leading and trailing spaces and tabs.
    private static func trimmingSpaces(_ text: Substring) -> String {
        let isSpace = { (character: Character) in character == " " || character == "\t" }
        guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(text[first...last])
    }
}
