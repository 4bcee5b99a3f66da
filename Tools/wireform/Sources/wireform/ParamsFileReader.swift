import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `--params-file`'s bytes, pulled in chunks by the library's JSON text reader: a file opened by path, or standard
/// input (`-`), which is read and never closed.
final class ParamsFileReader: BodyReader {
    /// Why opening or reading failed: the system's message.
    struct ReadError: Error, CustomStringConvertible {
        /// The system's message.
        let message: String
        /// The message.
        var description: String { message }
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool

    /// Opens the file, or takes standard input for `-`.
    /// - Throws: ``ReadError`` when the file cannot be opened.
    init(path: RawPath) throws(ReadError) {
        if path.isStandardStream {
            descriptor = 0
            ownsDescriptor = false
            return
        }
        descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { throw ReadError(message: String(cString: strerror(errno))) }
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { _ = close(descriptor) }
    }

    /// Reads the next bytes.
    /// - Throws: ``ReadError`` when reading fails (a directory, an I/O error).
    // The raw buffer is the BodyReader requirement's: read(2) fills the reader's chunk directly, with no copy.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            #if canImport(Darwin)
                let result = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let result = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if result >= 0 { return result }
            if errno != EINTR { throw ReadError(message: String(cString: strerror(errno))) }
        }
    }
}
