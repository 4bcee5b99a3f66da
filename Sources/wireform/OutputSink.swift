#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to standard output or a file through `write(2)`, with no buffering of its own: the tool hands it
/// chunks of at most a few hundred kilobytes, so a large body never sits in memory.
final class OutputSink {
    /// Why writing failed: the destination and the system's message.
    struct WriteError: Error {
        let message: String
    }

    private let descriptor: Int32
    private let path: String?
    private var isClosed = false

    /// Standard output.
    static func standardOutput() -> OutputSink { OutputSink(descriptor: 1, path: nil) }

    /// A file, created or truncated.
    /// - Throws: ``WriteError`` when the file cannot be opened.
    static func file(atPath path: String) throws(WriteError) -> OutputSink {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard descriptor >= 0 else {
            throw WriteError(message: "Cannot open output file \(quoted(path)): \(systemMessage())")
        }
        return OutputSink(descriptor: descriptor, path: path)
    }

    private init(descriptor: Int32, path: String?) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close() }

    /// Writes all of the bytes, retrying short writes and interruptions.
    /// - Throws: ``WriteError`` naming the destination.
    func write(_ bytes: some Collection<UInt8>) throws(WriteError) {
        let result = bytes.withContiguousStorageIfAvailable { buffer in writeAll(UnsafeRawBufferPointer(buffer)) }
        let failed = result ?? Array(bytes).withUnsafeBytes { writeAll($0) }
        if let failed { throw failed }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> WriteError? {
        var offset = 0
        while offset < buffer.count {
            guard let base = buffer.baseAddress else { return nil }
            #if canImport(Darwin)
                let written = Darwin.write(descriptor, base + offset, buffer.count - offset)
            #else
                let written = Glibc.write(descriptor, base + offset, buffer.count - offset)
            #endif
            if written < 0 {
                if errno == EINTR { continue }
                let destination = path.map { "output file \(quoted($0))" } ?? "standard output"
                return WriteError(message: "Cannot write to \(destination): \(systemMessage())")
            }
            offset += written
        }
        return nil
    }

    /// Closes a file (standard output stays open).
    func close() {
        guard !isClosed, path != nil else { return }
        isClosed = true
        _ = closeDescriptor(descriptor)
    }

    /// Removes the file after a failure, so that a partial body never looks complete.
    func discard() {
        close()
        if let path { _ = unlink(path) }
    }
}

private func closeDescriptor(_ descriptor: Int32) -> Int32 {
    #if canImport(Darwin)
        return Darwin.close(descriptor)
    #else
        return Glibc.close(descriptor)
    #endif
}

private func systemMessage() -> String { String(cString: strerror(errno)) }
