#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Reads a whole file into one byte array without a second copy (`Array(Data(contentsOf:))` holds the file twice
/// for a moment: 384 MB for a 192 MB `--params-file`).
enum FileBytes {
    /// Why reading failed: the system's message.
    struct ReadError: Error {
        let message: String
    }

    /// The bytes of the file at `path`.
    /// - Throws: ``ReadError`` when the file cannot be opened or read.
    static func read(path: RawPath) throws(ReadError) -> [UInt8] {
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        defer { _ = close(descriptor) }
        return try read(descriptor: descriptor)
    }

    /// The bytes left in an open descriptor, such as standard input.
    /// - Throws: ``ReadError`` when reading fails.
    static func read(descriptor: Int32) throws(ReadError) -> [UInt8] {
        var status = stat()
        var size = 0
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG { size = Int(status.st_size) }
        var failure: Int32 = 0
        // A regular file is read straight into an array of its size.
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            while count < size {
                let result = readBytes(descriptor, buffer.baseAddress! + count, size - count)
                if result < 0 && errno == EINTR { continue }
                if result < 0 { failure = errno }
                if result <= 0 { break }
                count += result
            }
        }
        guard failure == 0 else { throw ReadError(message: String(cString: strerror(failure))) }
        // A pipe, or a file that grew while it was read: the rest in chunks.
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let result = chunk.withUnsafeMutableBufferPointer { readBytes(descriptor, $0.baseAddress!, $0.count) }
            if result < 0 && errno == EINTR { continue }
            if result < 0 { throw ReadError(message: String(cString: strerror(errno))) }
            if result == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<result])
        }
    }
}

private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutablePointer<UInt8>, _ count: Int) -> Int {
    #if canImport(Darwin)
        return Darwin.read(descriptor, buffer, count)
    #else
        return Glibc.read(descriptor, buffer, count)
    #endif
}
