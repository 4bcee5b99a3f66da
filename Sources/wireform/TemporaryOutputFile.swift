#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A new, uniquely named file (`mkstemp`) in the same directory as its destination, renamed over the destination
/// by ``commit()`` and removed by ``discard()`` or by ``InterruptCleanup`` when a signal ends the tool.
///
/// It gets the existing destination's permission bits (and owner, when the tool may set it), or `0666` less the
/// umask for a new file, as the shell's `>` would.
struct TemporaryOutputFile {
    /// The path the finished file is renamed to.
    let destination: String
    /// The name for messages: the path the user gave.
    let displayPath: String
    /// The temporary file's path.
    let path: String
    /// The open descriptor, or -1 once closed.
    private(set) var descriptor: Int32
    private let cleanupSlot: Int?

    /// Creates the temporary file.
    /// - Parameters:
    ///   - destination: The path to replace or create.
    ///   - displayPath: The path for messages.
    ///   - existing: The file at `destination`, when there is one.
    /// - Throws: ``OutputSink/WriteError`` when the file cannot be created.
    init(destination: String, displayPath: String, existing: FileIdentity?) throws(OutputSink.WriteError) {
        self.destination = destination
        self.displayPath = displayPath
        let directory = Self.directory(of: destination)
        var name = Self.lastComponent(of: destination)
        if name.utf8.count > 200 { name = "" }
        var template = Array("\(directory)/.\(name).wireform-XXXXXX".utf8CString)
        let opened = template.withUnsafeMutableBufferPointer { buffer in mkstemp(buffer.baseAddress!) }
        guard opened >= 0 else {
            throw OutputSink.WriteError(
                message: "Cannot create a temporary file in \(quoted(directory)) for output \(quoted(displayPath)): "
                    + systemMessage())
        }
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // Registered as soon as mkstemp has chosen the name, before anything is written.
        cleanupSlot = InterruptCleanup.register(path, as: .file)
        descriptor = opened
        if let existing {
            _ = fchown(opened, existing.owner, existing.group)
            _ = fchmod(opened, existing.permissions)
        } else {
            let mask = umask(0o022)
            umask(mask)
            _ = fchmod(opened, 0o666 & ~mask)
        }
    }

    /// Closes the file and renames it over the destination.
    /// - Throws: ``OutputSink/WriteError`` when closing or renaming fails; the temporary file is then removed.
    mutating func commit() throws(OutputSink.WriteError) {
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            let message = "Cannot write to output file \(quoted(displayPath)): \(systemMessage())"
            discard()
            throw OutputSink.WriteError(message: message)
        }
        guard rename(path, destination) == 0 else {
            let message = "Cannot move the output into \(quoted(displayPath)): \(systemMessage())"
            discard()
            throw OutputSink.WriteError(message: message)
        }
        InterruptCleanup.unregister(cleanupSlot)
    }

    /// Closes and removes the temporary file; the destination is untouched.
    mutating func discard() {
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        _ = unlink(path)
        InterruptCleanup.unregister(cleanupSlot)
    }

    /// The directory part of a path: `.` for a bare name, `/` for a file in the root.
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = path[..<slash]
        return directory.isEmpty ? "/" : String(directory)
    }

    private static func lastComponent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}
