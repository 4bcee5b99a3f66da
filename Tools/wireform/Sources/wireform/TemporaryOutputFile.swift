#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A new file in the same directory as its destination, renamed over the destination by ``commit()`` and removed
/// by ``discard()``.
///
/// On Linux it is made with `O_TMPFILE`: it has no name while it is written, so nothing can find it and nothing is
/// left behind however the tool ends, even by `SIGKILL`. ``commit()`` gives it a unique name beside the destination
/// (`.NAME.wireform-XXXXXX`, with `linkat`) and renames that over the destination at once. Where the file system
/// does not support `O_TMPFILE` (and on other systems), it is a named file from `mkstemp`, which
/// ``InterruptCleanup`` removes when a signal ends the tool.
///
/// It gets the existing destination's permission bits (and owner, when the tool may set it), or `0666` less the
/// umask for a new file, as the shell's `>` would.
struct TemporaryOutputFile {
    /// The path the finished file is renamed to.
    let destination: RawPath
    /// The name for messages: the path the user gave.
    let displayPath: RawPath
    /// The temporary file's name, or `nil` while an `O_TMPFILE` file has none.
    private(set) var path: RawPath?
    /// The open descriptor, or -1 once closed.
    private(set) var descriptor: Int32
    private var cleanupSlot: Int?

    /// Creates the temporary file.
    /// - Parameters:
    ///   - destination: The path to replace or create.
    ///   - displayPath: The path for messages.
    ///   - existing: The file at `destination`, when there is one.
    /// - Throws: ``OutputSink/WriteError`` when the file cannot be created.
    init(destination: RawPath, displayPath: RawPath, existing: FileIdentity?) throws(OutputSink.WriteError) {
        self.destination = destination
        self.displayPath = displayPath
        let directory = destination.directory
        if let unnamed = try Self.openUnnamed(in: directory, displayPath: displayPath) {
            descriptor = unnamed
            path = nil
            cleanupSlot = nil
        } else {
            var template = Self.name(in: destination, suffix: Array("XXXXXX".utf8)).bytes.map { CChar(bitPattern: $0) }
            template.append(0)
            let opened = template.withUnsafeMutableBufferPointer { buffer in mkstemp(buffer.baseAddress!) }
            guard opened >= 0 else { throw Self.creationFailed(in: directory, displayPath: displayPath) }
            let name = RawPath(template.dropLast().map { UInt8(bitPattern: $0) })
            path = name
            // Registered as soon as mkstemp has chosen the name, before anything is written.
            cleanupSlot = InterruptCleanup.register(name, as: .file)
            descriptor = opened
        }
        if let existing {
            _ = fchown(descriptor, existing.owner, existing.group)
            _ = fchmod(descriptor, existing.permissions)
        } else {
            let mask = umask(0o022)
            umask(mask)
            _ = fchmod(descriptor, 0o666 & ~mask)
        }
    }

    /// Closes the file and renames it over the destination.
    /// - Throws: ``OutputSink/WriteError`` when naming, closing or renaming fails; the temporary file is then
    ///   removed.
    mutating func commit() throws(OutputSink.WriteError) {
        if path == nil {
            guard linkIntoDirectory() else {
                let message = "Cannot move the output into \(quoted(displayPath)): \(systemMessage())"
                discard()
                throw OutputSink.WriteError(message: message)
            }
        }
        let closed = close(descriptor)
        descriptor = -1
        guard closed == 0 else {
            let message = "Cannot write to output file \(quoted(displayPath)): \(systemMessage())"
            discard()
            throw OutputSink.WriteError(message: message)
        }
        guard let path, path.withCString({ from in destination.withCString { rename(from, $0) } }) == 0 else {
            let message = "Cannot move the output into \(quoted(displayPath)): \(systemMessage())"
            discard()
            throw OutputSink.WriteError(message: message)
        }
        InterruptCleanup.unregister(cleanupSlot)
        cleanupSlot = nil
    }

    /// Closes and removes the temporary file; the destination is untouched.
    mutating func discard() {
        if descriptor >= 0 {
            _ = close(descriptor)
            descriptor = -1
        }
        if let path { _ = path.withCString { unlink($0) } }
        path = nil
        InterruptCleanup.unregister(cleanupSlot)
        cleanupSlot = nil
    }

    /// Opens an unnamed file in `directory` with `O_TMPFILE`; `nil` where the system or file system has none.
    private static func openUnnamed(
        in directory: RawPath, displayPath: RawPath
    ) throws(OutputSink.WriteError) -> Int32? {
        #if os(Linux)
            let descriptor = directory.withCString { open($0, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0o600) }
            if descriptor >= 0 {
                // commit() names the file through /proc; without /proc mounted, use a named file from the start.
                if linkSource(descriptor).withCString({ access($0, F_OK) }) == 0 {
                    return descriptor
                }
                _ = close(descriptor)
                return nil
            }
            // Kernels and file systems without O_TMPFILE fail with one of these; mkstemp is the fallback.
            guard [EOPNOTSUPP, EISDIR, EINVAL].contains(errno) else {
                throw creationFailed(in: directory, displayPath: displayPath)
            }
        #endif
        return nil
    }

    /// Gives the unnamed file a unique name beside the destination (registered for ``InterruptCleanup`` for the
    /// moment until the rename); `false` with `errno` set when it cannot.
    private mutating func linkIntoDirectory() -> Bool {
        #if os(Linux)
            let source = Self.linkSource(descriptor)
            for _ in 0..<100 {
                let name = Self.name(in: destination, suffix: Self.randomSuffix())
                let slot = InterruptCleanup.register(name, as: .file)
                let linked = source.withCString { from in
                    name.withCString { linkat(AT_FDCWD, from, AT_FDCWD, $0, AT_SYMLINK_FOLLOW) }
                }
                if linked == 0 {
                    path = name
                    cleanupSlot = slot
                    return true
                }
                let code = errno
                InterruptCleanup.unregister(slot)
                errno = code
                guard code == EEXIST else { return false }
            }
            return false
        #else
            errno = ENOTSUP
            return false
        #endif
    }

    /// The path that names an open descriptor's file: `linkat` with `AT_SYMLINK_FOLLOW` links the file itself.
    private static func linkSource(_ descriptor: Int32) -> RawPath { RawPath("/proc/self/fd/\(descriptor)") }

    /// `DIRECTORY/.NAME.wireform-SUFFIX` for a destination `DIRECTORY/NAME` (without `NAME` when it is long).
    private static func name(in destination: RawPath, suffix: [UInt8]) -> RawPath {
        var name = destination.lastComponent.bytes
        if name.count > 200 { name = [] }
        return RawPath(destination.directory.bytes + Array("/.".utf8) + name + Array(".wireform-".utf8) + suffix)
    }

    /// Six random letters and digits, as `mkstemp` uses.
    private static func randomSuffix() -> [UInt8] {
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        return (0..<6).map { _ in characters.randomElement()! }
    }

    private static func creationFailed(in directory: RawPath, displayPath: RawPath) -> OutputSink.WriteError {
        OutputSink.WriteError(
            message: "Cannot create a temporary file in \(quoted(directory)) for output \(quoted(displayPath)): "
                + systemMessage())
    }
}
