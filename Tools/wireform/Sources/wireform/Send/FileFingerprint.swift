import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What a `--file` input was when the request was built: device, inode, size, and the times of its last change of
/// content and of status (nanoseconds). A 307 or 308 redirect sends the body again; if one of its files was edited
/// in the meantime, even to the same size, the tool refuses to follow, as the redirect rules promise the same body.
///
/// The change time cannot be set back by a user (`touch` sets it to now), so an edit between the two sends shows,
/// unless it falls in the same tick of the file system's clock as the first reading (a few milliseconds).
struct FileFingerprint: Equatable {
    /// The path, for the message.
    let path: RawPath
    /// `st_dev`.
    private let device: UInt64
    /// `st_ino`.
    private let inode: UInt64
    /// `st_size`.
    private let size: Int64
    /// `st_mtim`: seconds and nanoseconds.
    private let modified: [Int]
    /// `st_ctim`: seconds and nanoseconds.
    private let changed: [Int]

    /// The file's fingerprint now, or `nil` when it cannot be read.
    init?(path: RawPath) {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        self.path = path
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        #if canImport(Darwin)
            modified = [info.st_mtimespec.tv_sec, info.st_mtimespec.tv_nsec]
            changed = [info.st_ctimespec.tv_sec, info.st_ctimespec.tv_nsec]
        #else
            modified = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
            changed = [info.st_ctim.tv_sec, info.st_ctim.tv_nsec]
        #endif
    }

    /// Refuses a redirect that would send a body again when one of its files changed.
    /// - Throws: ``SendError`` naming the file and the redirect.
    static func checkUnchanged(
        _ files: [FileFingerprint], redirect status: Int, to next: SerializedRequest
    ) throws(SendError) {
        for file in files where FileFingerprint(path: file.path) != file {
            throw SendError(
                message: "The \(status) redirect to \(quoted(next.url)) was not followed: \(quoted(file.path)) "
                    + "changed since the request was sent, so the same body cannot be sent again")
        }
    }
}
