#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A file's device and inode: two paths (or a path and a descriptor) name the same file exactly when these match,
/// whatever the spelling, symbolic links or hard links.
struct FileIdentity {
    let device: UInt64
    let inode: UInt64
    /// The file type bits (`S_IFREG`, `S_IFDIR`, `S_IFIFO`, …).
    let type: mode_t

    /// The file a path names, following symbolic links; `nil` (with `errno` set) when there is none.
    init?(path: RawPath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        self.init(info)
    }

    /// The file an open descriptor refers to; `nil` when the descriptor is not open.
    init?(descriptor: Int32) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        self.init(info)
    }

    private init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        type = info.st_mode & S_IFMT
    }

    /// Whether both name the same file.
    func isSameFile(as other: FileIdentity) -> Bool { device == other.device && inode == other.inode }
}

/// The system's message for the current `errno`.
func systemMessage(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }
