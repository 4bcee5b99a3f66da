#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where `-o PATH` writes, decided before anything is opened for writing.
///
/// - no `-o`, or `-o -`: standard output;
/// - a path to the file standard output or standard error already is (`/dev/stdout`, `/dev/fd/1`): that descriptor;
/// - any other path: Wireform's `AtomicFileWriter`, which writes an existing FIFO, character device or socket in
///   place (never truncated, never removed), and a regular file (through a symbolic link: its target, the link
///   kept) or a new one to a temporary file put in place only when everything was written.
///
/// A directory and a dangling symbolic link are usage errors: the tool does not guess where the output should go.
enum OutputDestination {
    /// Standard output (or standard error, descriptor 2, for `-o /dev/stderr`).
    case inherited(descriptor: Int32)
    /// An existing file that is not a regular file, written in place.
    case existingSpecialFile(path: RawPath)
    /// A regular file, created or replaced through a temporary file; `existing` is the file there now, for
    /// comparing with the inputs, or `nil` for a new file.
    case regularFile(path: RawPath, existing: FileIdentity?)

    /// Decides where `-o` writes.
    /// - Throws: ``UsageError`` for a directory or a dangling symbolic link; ``OutputSink/WriteError`` when the path
    ///   cannot be examined or an existing file is not writable.
    static func resolve(_ path: RawPath?) throws -> OutputDestination {
        guard let path, !path.isStandardStream else { return .inherited(descriptor: 1) }
        guard let identity = FileIdentity(path: path) else {
            let code = errno
            guard code == ENOENT else {
                throw OutputSink.WriteError(message: "Cannot use output \(quoted(path)): \(systemMessage(code))")
            }
            if let target = symbolicLinkTarget(path) {
                throw UsageError(
                    "Output \(quoted(path)) is a symbolic link to \(quoted(target)), which does not exist; "
                        + "create the file or write to the target's path")
            }
            return .regularFile(path: path, existing: nil)
        }
        for descriptor: Int32 in [1, 2] {
            if let standard = FileIdentity(descriptor: descriptor), standard.isSameFile(as: identity) {
                return .inherited(descriptor: descriptor)
            }
        }
        switch identity.type {
        case S_IFDIR:
            throw UsageError("Output \(quoted(path)) is a directory")
        case S_IFREG:
            // As the shell's `>`: a file the user may not write is not replaced either.
            guard path.withCString({ access($0, W_OK) }) == 0 else {
                throw OutputSink.WriteError(
                    message: "Cannot write to output file \(quoted(path)): \(systemMessage())")
            }
            return .regularFile(path: path, existing: identity)
        default:
            return .existingSpecialFile(path: path)
        }
    }

    /// The file this destination names, when it exists, for comparing with the inputs.
    var identity: FileIdentity? {
        switch self {
        case .inherited(let descriptor): return FileIdentity(descriptor: descriptor)
        case .existingSpecialFile(let path): return FileIdentity(path: path)
        case .regularFile(_, let existing): return existing
        }
    }
}

/// The text of a symbolic link, or `nil` when the path is not one.
private func symbolicLinkTarget(_ path: RawPath) -> RawPath? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = path.withCString { readlink($0, &buffer, buffer.count - 1) }
    guard count >= 0 else { return nil }
    return RawPath(buffer[0..<count].map { UInt8(bitPattern: $0) })
}
