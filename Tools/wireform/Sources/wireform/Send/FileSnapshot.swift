#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What a `--file` was when the request was built (device, inode, size, modification and change times), checked
/// again before a 307 or 308 replay sends its head: a file that changed in any way — size, in place, deleted,
/// replaced — would make the replayed head promise a body that cannot follow.
struct FileSnapshot: Equatable {
    /// The part's field name.
    let name: String
    /// The file.
    let path: RawPath
    /// The file's status fields, or `nil` when it could not be read.
    let status: Status?

    /// The fields compared.
    struct Status: Equatable {
        let device: UInt64
        let inode: UInt64
        let size: Int64
        let modified: timespec
        let changed: timespec

        static func == (left: Status, right: Status) -> Bool {
            left.device == right.device && left.inode == right.inode && left.size == right.size
                && left.modified.tv_sec == right.modified.tv_sec && left.modified.tv_nsec == right.modified.tv_nsec
                && left.changed.tv_sec == right.changed.tv_sec && left.changed.tv_nsec == right.changed.tv_nsec
        }
    }

    /// The file as it is now; a relative path is kept as an absolute one, as Wireform's file bodies name it.
    init(name: String, path: RawPath) {
        self.name = name
        if path.bytes.first == UInt8(ascii: "/") {
            self.path = path
        } else {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let directory: [UInt8] =
                getcwd(&buffer, buffer.count) == nil
                ? [] : buffer.prefix { $0 != 0 }.map { (char: CChar) -> UInt8 in UInt8(bitPattern: char) }
            self.path = directory.isEmpty ? path : RawPath(directory + [UInt8(ascii: "/")] + path.bytes)
        }
        status = Self.status(of: self.path)
    }

    /// The message for a file that changed, or `nil` when none of `snapshots` did: `Part 'NAME': The file 'PATH'
    /// CHANGE since the body first read it, so the same body cannot be produced again`.
    static func firstChange(in snapshots: [FileSnapshot]) -> String? {
        for snapshot in snapshots {
            guard let change = snapshot.change() else { continue }
            return "Part \(quoted(snapshot.name)): The file \(quoted(snapshot.path)) \(change) since the body first "
                + "read it, so the same body cannot be produced again"
        }
        return nil
    }

    /// The snapshots of a command line's `--file` parts.
    static func all(of arguments: CommandLineArguments) -> [FileSnapshot] {
        var snapshots: [FileSnapshot] = []
        for argument in arguments.file {
            if case .file(let spec) = argument.part { snapshots.append(FileSnapshot(name: spec.name, path: spec.path)) }
        }
        return snapshots
    }

    /// What changed since the snapshot, to follow "the file 'PATH' ", or `nil` when nothing did.
    func change() -> String? {
        let now = Self.status(of: path)
        guard now != status else { return nil }
        guard let now else { return "was removed" }
        guard let status else { return "was created" }
        if now.device != status.device || now.inode != status.inode { return "was replaced" }
        if now.size != status.size { return "changed size from \(status.size) to \(now.size) bytes" }
        return "was modified"
    }

    /// `stat(2)` of a path, following symbolic links.
    private static func status(of path: RawPath) -> Status? {
        var info = stat()
        guard path.withCString({ stat($0, &info) }) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
            let changed = info.st_ctimespec
        #else
            let modified = info.st_mtim
            let changed = info.st_ctim
        #endif
        return Status(
            device: UInt64(info.st_dev), inode: UInt64(info.st_ino), size: Int64(info.st_size), modified: modified,
            changed: changed)
    }
}
