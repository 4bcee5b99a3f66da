#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path given to ``AtomicFileWriter`` names, decided before anything is created, so that the writer never
/// destroys what it did not create: a FIFO, a device, a socket or a symbolic link stays what it is.
enum WriteDestination {
    /// Nothing is at the path (or it cannot be examined: creating the temporary file then says why).
    case absent
    /// A regular file, named directly or through symbolic links: `path` is the file itself, NUL-terminated (a link
    /// followed to its target, as the shell's `>` does, so that the link stays), `status` its permission bits and
    /// owner.
    case regularFile(path: [CChar], status: stat)
    /// An existing FIFO, character or block device or socket, written in place: no temporary file, no rename.
    case specialFile

    /// Examines `path` without following a final symbolic link to a target that does not exist.
    /// - Parameters:
    ///   - path: The destination, NUL-terminated.
    ///   - displayName: The path quoted for messages.
    /// - Throws: ``SerializationError/Code/writeFailed`` for a directory, a symbolic link to nothing (the writer
    ///   creates no file through it) and a link that cannot be followed (a loop).
    static func examine(_ path: [CChar], displayName: String) throws(SerializationError) -> WriteDestination {
        var entry = stat()
        guard lstat(path, &entry) == 0 else { return .absent }
        var file = stat()
        guard stat(path, &file) == 0 else {
            // lstat succeeded and stat did not: the path is a symbolic link that cannot be followed.
            let code = errno
            let reason =
                code == ENOENT
                ? "it is a symbolic link to a file that does not exist; create the file or write to the target's path"
                : String(cString: strerror(code))
            throw SerializationError(
                .writeFailed, "Cannot write to \(displayName): \(reason)",
                underlyingError: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
        }
        switch file.st_mode & S_IFMT {
        case S_IFDIR:
            throw SerializationError(
                .writeFailed, "Cannot write to \(displayName): it is a directory",
                underlyingError: POSIXError(.EISDIR))
        case S_IFREG:
            guard (entry.st_mode & S_IFMT) == S_IFLNK else { return .regularFile(path: path, status: file) }
            guard let target = realpath(path, nil) else {
                let code = errno
                throw SerializationError(
                    .writeFailed,
                    "Cannot write to \(displayName): its symbolic link cannot be followed: "
                        + String(cString: strerror(code)),
                    underlyingError: POSIXErrorCode(rawValue: code).map { POSIXError($0) })
            }
            defer { free(target) }
            // realpath(3)'s NUL-terminated result, copied with its NUL before it is freed.
            return .regularFile(
                path: Array(UnsafeBufferPointer(start: target, count: strlen(target) + 1)), status: file)
        default:
            return .specialFile
        }
    }
}
