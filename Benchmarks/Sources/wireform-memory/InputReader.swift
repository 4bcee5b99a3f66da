import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A file's bytes (or standard input's, for `-`), pulled in chunks by the library's JSON text reader.
final class InputReader: BodyReader {
    /// Why opening or reading failed: the system's message.
    struct ReadError: Error, CustomStringConvertible {
        /// The system's message.
        let description: String
    }

    private let descriptor: Int32
    private let ownsDescriptor: Bool

    /// Opens the file, or takes standard input for `-`.
    init(path: String) throws {
        if path == "-" {
            descriptor = 0
            ownsDescriptor = false
            return
        }
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw ReadError(description: "\(path): \(String(cString: strerror(errno)))") }
        ownsDescriptor = true
    }

    deinit {
        if ownsDescriptor { _ = close(descriptor) }
    }

    /// Reads the next bytes into the reader's chunk, with no copy.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            #if canImport(Darwin)
                let result = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let result = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if result >= 0 { return result }
            if errno != EINTR { throw ReadError(description: String(cString: strerror(errno))) }
        }
    }
}
