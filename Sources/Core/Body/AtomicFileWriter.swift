#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file under a temporary name beside its destination and puts it in place only when it is complete: the
/// writer behind ``MessageBody/write(to:chunkSize:replacingExisting:)``, for callers that write bytes of their own
/// (a message head before its body, a response as it arrives).
///
/// Nothing appears at the destination before ``commit()``. On Linux the file is made with `O_TMPFILE` and has no name
/// while it is written, so nothing is left behind however the process ends, even by `SIGKILL`; elsewhere, and on file
/// systems without `O_TMPFILE`, it is `.NAME.wireform-XXXXXX` beside the destination. ``discard()``, a failed
/// ``commit()`` or dropping the writer removes it and leaves the destination as it was.
///
/// The file gets an existing destination's permission bits (and its owner, where the process may set it), or `0666`
/// less the umask for a new one, as the shell's `>` would.
///
/// The writer never destroys what it did not create:
/// - An existing FIFO, character or block device or socket is opened for writing in place (no `O_CREAT`, no
///   `O_TRUNC`, and refused if it turned into a regular file meanwhile): ``commit()`` and ``discard()`` close it and
///   never remove it. Bytes already written into it cannot be taken back.
/// - A symbolic link is followed, as the shell's `>` follows it: the file it leads to is replaced and the link stays.
///   A link to nothing, a link that cannot be followed and a directory are ``SerializationError/Code/writeFailed``
///   errors that say so; nothing is created through them.
/// - With `replacingExisting: false` anything at the destination, a symbolic link or a FIFO included, is refused.
///
/// Writing and committing in a cancelled task throw ``SerializationError/Code/cancelled``, so a task cancelled while
/// it writes never puts a file in place. Every other failure is ``SerializationError/Code/writeFailed`` with the
/// file system's `POSIXError` as its ``SerializationError/underlyingError``.
///
/// ```swift
/// let file = try AtomicFileWriter(destination: url)
/// try file.write(Array("HEAD\r\n\r\n".utf8))
/// for try await chunk in body.chunks(chunkSize: 1 << 20) { try file.write(chunk) }
/// try file.commit()
/// ```
public final class AtomicFileWriter {
    /// The destination's path as given, NUL-terminated, for messages.
    private let destination: [CChar]
    /// The path the finished file is put at, NUL-terminated: the destination, or the file a symbolic link there
    /// leads to. The temporary file is made in its directory.
    private var target: [CChar]
    /// Whether the destination is an existing special file, opened in place: nothing to rename, nothing to remove.
    private var writesInPlace = false
    /// Whether the destination is replaced (`rename(2)`) or must not exist (`link(2)`).
    private let replacingExisting: Bool
    /// The temporary file's path, NUL-terminated, or `nil` while an `O_TMPFILE` file has no name.
    private var temporaryPath: [CChar]?
    /// The open file, or -1 once closed.
    private var descriptor: Int32 = -1

    /// Creates the temporary file for a file URL.
    /// - Parameters:
    ///   - destination: A file URL.
    ///   - replacingExisting: Whether an existing file at `destination` is replaced (the default) or is an error,
    ///     now and again when the file is put in place.
    /// - Throws: ``SerializationError/Code/writeFailed`` when `destination` is not a file URL, exists and
    ///   `replacingExisting` is `false`, is a directory or a symbolic link to nothing, a special file cannot be
    ///   opened, or the temporary file cannot be created.
    public convenience init(destination: URL, replacingExisting: Bool = true) throws(SerializationError) {
        guard destination.isFileURL else {
            throw SerializationError(
                .writeFailed,
                "Cannot write to \(SerializationError.quoted(destination.absoluteString)): not a file URL"
            )
        }
        try self.init(fileSystemPath: Array(destination.path.utf8), replacingExisting: replacingExisting)
    }

    /// Creates the temporary file for a path given as bytes: file names are bytes, and a `URL` or a `String` cannot
    /// name one that is not UTF-8.
    /// - Parameters:
    ///   - path: The destination's path, without a terminating NUL.
    ///   - replacingExisting: Whether an existing file at `path` is replaced (the default) or is an error.
    /// - Throws: ``SerializationError/Code/writeFailed`` when `path` exists and `replacingExisting` is `false`, is a
    ///   directory or a symbolic link to nothing, a special file cannot be opened, or the temporary file cannot be
    ///   created.
    public init(fileSystemPath path: some Collection<UInt8>, replacingExisting: Bool = true) throws(SerializationError)
    {
        destination = path.map { CChar(bitPattern: $0) } + [0]
        target = destination
        self.replacingExisting = replacingExisting
        var entry = stat()
        // Anything at all, a symbolic link or a FIFO included, when nothing may be replaced.
        if !replacingExisting, lstat(destination, &entry) == 0 { throw existingError() }
        var existing: stat?
        switch try WriteDestination.examine(destination, displayName: displayName) {
        case .absent:
            break
        case .regularFile(let path, let status):
            (target, existing) = (path, status)
        case .specialFile:
            descriptor = try openInPlace()
            writesInPlace = true
            return
        }
        if let unnamed = openUnnamed() {
            descriptor = unnamed
        } else {
            let (name, opened) = createNamed { open($0, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o666) }
            guard let name else { throw failure("Cannot create a temporary file for", errno) }
            (temporaryPath, descriptor) = (name, opened)
        }
        if let existing {
            // Best effort, as `cp -p` does: a file owned by another user keeps the writer's owner.
            _ = fchown(descriptor, existing.st_uid, existing.st_gid)
            _ = fchmod(descriptor, existing.st_mode & 0o777)
        }
    }

    deinit { discard() }

    /// Writes all of the bytes, retrying short writes and interrupted calls.
    /// - Throws: ``SerializationError/Code/cancelled`` in a cancelled task, ``SerializationError/Code/writeFailed``
    ///   when the file system refuses (a full disk, the file-size limit).
    public func write(_ bytes: some Collection<UInt8>) throws(SerializationError) {
        try checkCancellation()
        // write(2) takes a raw buffer: the caller's contiguous bytes as they are, or one copy when they are not
        // contiguous.
        let refused = bytes.withContiguousStorageIfAvailable { writeAll(UnsafeRawBufferPointer($0)) }
        if let refused = refused ?? Array(bytes).withUnsafeBytes({ writeAll($0) }) { throw refused }
    }

    /// Closes the file and puts it at the destination: `rename(2)` over it, or, without `replacingExisting`,
    /// `link(2)`, which refuses atomically when a file appeared there meanwhile. A special file written in place is
    /// only closed.
    /// - Throws: ``SerializationError/Code/cancelled`` in a cancelled task, ``SerializationError/Code/writeFailed``
    ///   when the file cannot be closed or put in place; the temporary file is then removed.
    public func commit() throws(SerializationError) {
        do throws(SerializationError) {
            try checkCancellation()
            try putInPlace()
        } catch {
            discard()
            throw error
        }
    }

    /// Closes and removes the temporary file, leaving the destination as it was; does nothing after ``commit()``.
    /// A special file written in place is closed, never removed.
    public func discard() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
        if let temporaryPath { _ = unlink(temporaryPath) }
        temporaryPath = nil
    }

    /// Names an unnamed file (Linux), closes the file and renames or links it to the destination.
    private func putInPlace() throws(SerializationError) {
        if writesInPlace { return try closeFile() }
        #if os(Linux)
            if temporaryPath == nil, !replacingExisting {
                // The unnamed file gets the destination's name at once; linkat refuses when a file is there.
                guard linkat(AT_FDCWD, procPath(descriptor), AT_FDCWD, target, AT_SYMLINK_FOLLOW) == 0 else {
                    let code = errno
                    throw code == EEXIST ? existingError() : failure("Cannot move the body into", code)
                }
                return try closeFile()
            }
            if temporaryPath == nil {
                let (name, _) = createNamed {
                    linkat(AT_FDCWD, procPath(descriptor), AT_FDCWD, $0, AT_SYMLINK_FOLLOW) == 0 ? 0 : -1
                }
                guard let name else { throw failure("Cannot move the body into", errno) }
                temporaryPath = name
            }
        #endif
        try closeFile()
        // A named file exists here: openUnnamed() returns a descriptor on Linux only, named above.
        let name = temporaryPath ?? []
        if replacingExisting {
            guard rename(name, target) == 0 else { throw failure("Cannot move the body into", errno) }
        } else {
            // link(2) never replaces: it fails with EEXIST when a file appeared at the destination meanwhile.
            guard link(name, target) == 0 else {
                let code = errno
                _ = unlink(name)
                temporaryPath = nil
                throw code == EEXIST ? existingError() : failure("Cannot move the body into", code)
            }
            _ = unlink(name)
        }
        temporaryPath = nil
    }

    /// Closes the file: the last chance for the file system to report a failed write.
    private func closeFile() throws(SerializationError) {
        let closed = systemClose(descriptor)
        descriptor = -1
        guard closed == 0 else { throw failure("Writing", errno, "failed") }
    }

    /// Throws `cancelled` in a cancelled task.
    private func checkCancellation() throws(SerializationError) {
        if Task.isCancelled { throw SerializationError(.cancelled, "Writing \(displayName) was cancelled") }
    }

    /// Writes every byte, looping over partial writes and interrupted calls; the error, or `nil`.
    // write(2) takes a pointer; the caller's buffer is valid for this call.
    private func writeAll(_ bytes: UnsafeRawBufferPointer) -> SerializationError? {
        guard var next = bytes.baseAddress else { return nil }
        var remaining = bytes.count
        while remaining > 0 {
            let count = systemWrite(descriptor, next, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                return failure("Writing", errno, "failed")
            }
            next += count
            remaining -= count
        }
        return nil
    }

    /// Opens an existing special file for writing as it is: no `O_CREAT`, no `O_TRUNC`, retried when interrupted
    /// (opening a FIFO waits for a reader). Refused when the path names a regular file by the time it is open: a
    /// file put there since it was examined would be overwritten in place.
    private func openInPlace() throws(SerializationError) -> Int32 {
        var opened: Int32
        repeat { opened = open(destination, O_WRONLY | O_NOCTTY | O_CLOEXEC) } while opened < 0 && errno == EINTR
        guard opened >= 0 else { throw failure("Cannot open", errno) }
        var status = stat()
        guard fstat(opened, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG else {
            _ = systemClose(opened)
            throw SerializationError(
                .writeFailed,
                "Not writing \(displayName): it was replaced by a regular file while it was being opened; try again")
        }
        return opened
    }

    /// Opens an unnamed file beside the destination with `O_TMPFILE`; `nil` where the system or the file system has
    /// none, or where `/proc`, through which ``commit()`` names it, is not mounted.
    private func openUnnamed() -> Int32? {
        #if os(Linux) && canImport(Glibc)
            let directory = directoryPath()
            let opened = open(directory, __O_TMPFILE | O_WRONLY | O_CLOEXEC, 0o666)
            guard opened >= 0 else { return nil }
            guard access(procPath(opened), F_OK) == 0 else {
                _ = systemClose(opened)
                return nil
            }
            return opened
        #else
            return nil
        #endif
    }

    /// Calls `make` with fresh names `DIRECTORY/.NAME.wireform-XXXXXX` beside the destination until it does not
    /// fail with `EEXIST` (at most 100 times).
    /// - Returns: The name it succeeded with and what it returned, or `nil` (with `errno` set) and -1.
    // The C string is the temporary path's own bytes, alive for the call (open(2) and mkstemp(3) take a pointer).
    private func createNamed(_ make: (UnsafePointer<CChar>) -> Int32) -> ([CChar]?, Int32) {
        let characters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)
        let path = target.dropLast()
        let last = path.lastIndex(of: CChar(UInt8(ascii: "/"))).map { path[path.index(after: $0)...] } ?? path
        var base = Array(directoryPath().dropLast()) + Array("/.".utf8).map { CChar(bitPattern: $0) }
        // A long name is left out, so that the temporary name stays within NAME_MAX.
        if last.count <= 200 { base += last }
        base += Array(".wireform-".utf8).map { CChar(bitPattern: $0) }
        for _ in 0..<100 {
            // characters is not empty: randomElement() never returns nil.
            let name = base + (0..<6).map { _ in CChar(bitPattern: characters.randomElement()!) } + [0]
            let result = make(name)
            if result >= 0 { return (name, result) }
            if errno != EEXIST { return (nil, -1) }
        }
        return (nil, -1)
    }

    /// The target's directory, NUL-terminated: `.` for a bare name, `/` for a file in the root.
    private func directoryPath() -> [CChar] {
        let bytes = target.dropLast()
        guard let slash = bytes.lastIndex(of: CChar(UInt8(ascii: "/"))) else { return Array(".".utf8CString) }
        return slash == bytes.startIndex ? Array("/".utf8CString) : Array(bytes[..<slash]) + [0]
    }

    /// The destination, quoted for a message.
    private var displayName: String {
        SerializationError.quoted(String(decoding: destination.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// `writeFailed`: something exists at the destination and `replacingExisting` is `false`.
    private func existingError() -> SerializationError {
        SerializationError(
            .writeFailed, "Not writing \(displayName): a file exists there and replacingExisting is false")
    }

    /// `writeFailed`: `TEXT 'DESTINATION' AFTER: the system's message`, with the `POSIXError`.
    private func failure(_ text: String, _ code: Int32, _ after: String = "") -> SerializationError {
        let subject = after.isEmpty ? "\(text) \(displayName)" : "\(text) \(displayName) \(after)"
        return SerializationError(
            .writeFailed, "\(subject): \(String(cString: strerror(code)))",
            underlyingError: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
    }
}

#if os(Linux)
    /// The path that names an open descriptor's file, for `linkat` with `AT_SYMLINK_FOLLOW`.
    private func procPath(_ descriptor: Int32) -> [CChar] { Array("/proc/self/fd/\(descriptor)".utf8CString) }
#endif

// The C functions, wrapped so that the method named `write` can call write(2).
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
