#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Thin wrappers over the POSIX calls used to read files, so the rest of the module stays free of `#if`.
enum SystemFile {
    /// The size of a regular file, or a reason why it is not one.
    enum Status {
        case regularFile(size: Int64)
        case directory
        case notRegular
        case failed(errno: Int32)
    }

    static func status(ofPath path: String) -> Status {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failed(errno: errno) }
        return classify(info)
    }

    static func status(ofDescriptor descriptor: Int32) -> Status {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failed(errno: errno) }
        return classify(info)
    }

    /// What tells one version of a file from another: the file itself (device and inode), its size, and the times
    /// of its last change of content and of status, to the nanosecond.
    ///
    /// The status change time cannot be set back by a user (`touch` sets it to now), so an edit shows even when it
    /// keeps the size and restores the modification time, unless it falls in the same tick of the file system's
    /// clock as the reading it is compared with.
    struct Version: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        /// `st_mtim`'s seconds.
        let modifiedSeconds: Int
        /// `st_mtim`'s nanoseconds.
        let modifiedNanoseconds: Int
        /// `st_ctim`'s seconds.
        let changedSeconds: Int
        /// `st_ctim`'s nanoseconds.
        let changedNanoseconds: Int
    }

    /// The version of the file an open descriptor refers to, or `nil` when it cannot be read.
    static func version(ofDescriptor descriptor: Int32) -> Version? {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let (modified, changed) = (info.st_mtimespec, info.st_ctimespec)
        #else
            let (modified, changed) = (info.st_mtim, info.st_ctim)
        #endif
        return Version(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size),
            modifiedSeconds: Int(modified.tv_sec), modifiedNanoseconds: Int(modified.tv_nsec),
            changedSeconds: Int(changed.tv_sec), changedNanoseconds: Int(changed.tv_nsec))
    }

    private static func classify(_ info: stat) -> Status {
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regularFile(size: Int64(info.st_size))
        case S_IFDIR: return .directory
        default: return .notRegular
        }
    }

    /// Opens a file for reading, returning the descriptor or `-errno`.
    static func openForReading(_ path: String) -> Int32 {
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            if descriptor >= 0 { return descriptor }
            if errno != EINTR { return -errno }
        }
    }

    /// Reads up to `count` bytes, retrying on `EINTR`; returns the count or `-errno`.
    // read(2) takes a raw pointer; the caller owns `count` bytes at `buffer`.
    static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        while true {
            let result = systemRead(descriptor, buffer, count)
            if result >= 0 { return result }
            if errno != EINTR { return -Int(errno) }
        }
    }

    static func close(_ descriptor: Int32) {
        _ = systemClose(descriptor)
    }

    /// The `errno` of the last call that failed.
    static var lastErrorCode: Int32 { errno }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}

// The C read(2) signature, wrapped so the method named `read` can call it.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
