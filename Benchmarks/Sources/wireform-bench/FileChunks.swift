import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A file read with `read(2)` in fixed-size chunks, as an async sequence of `ArraySlice<UInt8>` (the peers'
/// streaming input).
struct FileChunks: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>
    let path: String
    let chunkSize: Int

    final class Descriptor: @unchecked Sendable {
        let fd: Int32
        init(_ fd: Int32) { self.fd = fd }
        deinit { if fd >= 0 { close(fd) } }
    }

    struct AsyncIterator: AsyncIteratorProtocol {
        let descriptor: Descriptor
        let chunkSize: Int

        mutating func next() async throws -> ArraySlice<UInt8>? {
            var chunk = [UInt8](repeating: 0, count: chunkSize)
            let count = chunk.withUnsafeMutableBytes { read(descriptor.fd, $0.baseAddress, chunkSize) }
            if count < 0 { throw POSIXError(.EIO) }
            if count == 0 { return nil }
            return chunk[0..<count]
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(descriptor: Descriptor(open(path, O_RDONLY)), chunkSize: chunkSize)
    }
}

/// Writes everything in `bytes` to `fd`.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count {
        let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if written < 0 {
            if errno == EINTR { continue }
            throw POSIXError(.EIO)
        }
        offset += written
    }
}
