#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes a string's UTF-8 bytes to a file from the string's own storage, so that a query as long as the input is
/// not copied once more to be written.
enum TextFile {
    /// Why writing failed: the system's message.
    struct WriteError: Error, CustomStringConvertible {
        /// The system's message.
        let description: String
    }

    /// Creates or truncates the file at `path` and writes `text` to it.
    static func write(_ text: String, to path: String) throws {
        var text = text
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw WriteError(description: "\(path): \(String(cString: strerror(errno)))") }
        defer { _ = close(descriptor) }
        try text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                // `bytes` is not empty inside the loop, so its base address exists.
                let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw WriteError(description: "\(path): \(String(cString: strerror(errno)))") }
                offset += written
            }
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Darwin)
            Darwin.write(descriptor, bytes, count)
        #else
            Glibc.write(descriptor, bytes, count)
        #endif
    }
}
