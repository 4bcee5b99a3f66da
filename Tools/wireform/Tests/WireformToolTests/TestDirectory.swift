import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fresh temporary directory for one test, with helpers to create files and inspect what the tool left there.
final class TestDirectory {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/wireform-tool-tests-XXXXXX").utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw POSIXError(.EACCES)
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// The absolute path of a name in the directory.
    func file(_ name: String) -> String { path + "/" + name }

    /// Writes a file and returns its path.
    @discardableResult
    func write(_ name: String, _ bytes: [UInt8]) throws -> String {
        let target = file(name)
        try Data(bytes).write(to: URL(fileURLWithPath: target))
        return target
    }

    /// Writes a text file and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String { try write(name, Array(text.utf8)) }

    /// The contents of a file.
    func contents(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    /// The names in the directory, sorted.
    func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: path).sorted() }

    /// The names in the directory as bytes, which need not be UTF-8, sorted.
    func byteNames() -> [[UInt8]] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var names: [[UInt8]] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name != Array(".".utf8) && name != Array("..".utf8) { names.append(name) }
        }
        return names.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Writes a file whose name is given as bytes.
    func write(byteName name: [UInt8], _ bytes: [UInt8]) throws {
        let descriptor = open(bytePath(name), O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(descriptor) }
        guard bytes.withUnsafeBytes({ systemWrite(descriptor, $0.baseAddress, $0.count) }) == bytes.count else {
            throw POSIXError(.EIO)
        }
    }

    /// The contents of a file whose name is given as bytes, or `nil` when it cannot be opened.
    func contents(byteName name: [UInt8]) -> [UInt8]? {
        let descriptor = open(bytePath(name), O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var result: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return result }
            result += buffer[0..<count]
        }
    }

    /// The absolute path of a name given as bytes, NUL-terminated for the system calls.
    private func bytePath(_ name: [UInt8]) -> [CChar] {
        (Array((path + "/").utf8) + name + [0]).map { CChar(bitPattern: $0) }
    }

    /// The inode of a path (following symbolic links), or `nil` when it does not exist.
    func inode(_ name: String) -> UInt64? {
        var info = stat()
        guard stat(file(name), &info) == 0 else { return nil }
        return UInt64(info.st_ino)
    }

    /// The file type bits (`S_IFREG`, `S_IFIFO`, …) of a path, without following a symbolic link.
    func type(_ name: String) -> mode_t? {
        var info = stat()
        guard lstat(file(name), &info) == 0 else { return nil }
        return info.st_mode & S_IFMT
    }

    /// The permission bits of a path.
    func permissions(_ name: String) -> mode_t? {
        var info = stat()
        guard stat(file(name), &info) == 0 else { return nil }
        return info.st_mode & 0o7777
    }

    /// Makes a FIFO and returns its path.
    @discardableResult
    func makeFIFO(_ name: String) throws -> String {
        guard mkfifo(file(name), 0o600) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        return file(name)
    }
}

/// Drains a FIFO on a background thread: opens it for reading (which lets the writer's `open` return) and reads
/// until the writer closes it.
final class FIFODrain: @unchecked Sendable {
    private let group = DispatchGroup()
    private let lock = NSLock()
    private var locked_bytes: [UInt8] = []

    init(path: String) {
        group.enter()
        DispatchQueue.global().async { [self] in
            let descriptor = open(path, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65536)
            while descriptor >= 0 {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                lock.withLock { locked_bytes += buffer[0..<count] }
            }
            if descriptor >= 0 { close(descriptor) }
            group.leave()
        }
    }

    /// Everything the writer wrote, once it has closed the FIFO.
    func collect() -> [UInt8] {
        group.wait()
        return lock.withLock { locked_bytes }
    }
}

/// The body of an HTTP message the tool printed: everything after the first empty line.
func messageBody(_ message: [UInt8]) -> [UInt8] {
    let separator: [UInt8] = Array("\r\n\r\n".utf8)
    guard message.count >= 4 else { return [] }
    for index in 0...(message.count - 4) where Array(message[index..<index + 4]) == separator {
        return Array(message[(index + 4)...])
    }
    return []
}

/// The header lines of an HTTP message the tool printed, without the start line.
func messageHeaderLines(_ message: [UInt8]) -> [String] {
    let head = message.count - messageBody(message).count
    let text = String(decoding: message[0..<max(0, head - 4)], as: UTF8.self)
    return Array(text.components(separatedBy: "\r\n").dropFirst())
}

/// `write(2)`, for methods of types that have their own `write`.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
