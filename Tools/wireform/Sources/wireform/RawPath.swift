/// A file path as the exact bytes given on the command line, which need not be UTF-8.
///
/// Linux file names are bytes: `-o` and `--file NAME=@PATH` must open the file the bytes name, never the file a
/// U+FFFD-repaired copy of them names. Messages show the path with ``quoted(_:)-(RawPath)``, which escapes bytes
/// that are not UTF-8.
struct RawPath: Sendable, Hashable {
    /// The path's bytes, without a terminating NUL.
    let bytes: [UInt8]

    /// A path from bytes, such as a command-line argument.
    init(_ bytes: some Sequence<UInt8>) { self.bytes = Array(bytes) }

    /// A path from text.
    init(_ text: String) { bytes = Array(text.utf8) }

    /// Whether this is `-`, which `-o` and `--params-file` read as standard output or standard input.
    var isStandardStream: Bool { bytes == [UInt8(ascii: "-")] }

    /// Whether the path is empty.
    var isEmpty: Bool { bytes.isEmpty }

    /// The path as text, or `nil` when it is not valid UTF-8.
    var text: String? { String(validating: bytes, as: UTF8.self) }

    /// The last component: everything after the last `/`.
    var lastComponent: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return self }
        return RawPath(bytes[(slash + 1)...])
    }

    /// The directory part: `.` for a bare name, `/` for a file in the root.
    var directory: RawPath {
        guard let slash = bytes.lastIndex(of: UInt8(ascii: "/")) else { return RawPath(".") }
        return slash == 0 ? RawPath("/") : RawPath(bytes[..<slash])
    }

    /// Calls `body` with the path as a NUL-terminated C string.
    func withCString<Result>(_ body: (UnsafePointer<CChar>) throws -> Result) rethrows -> Result {
        let terminated = bytes.map { CChar(bitPattern: $0) } + [0]
        return try terminated.withUnsafeBufferPointer { try body($0.baseAddress!) }
    }
}

/// Quotes a path for a one-line message: control characters become escapes, as in ``quoted(_:)-(StringProtocol)``,
/// and bytes that are not UTF-8 become `\xHH`.
func quoted(_ path: RawPath) -> String { quoted(bytes: path.bytes) }
