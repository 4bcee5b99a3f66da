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
            // Uninitialized storage filled by read(2): no zero-filling, one allocation per chunk.
            var count = 0
            let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, initialized in
                count = read(descriptor.fd, buffer.baseAddress, chunkSize)
                initialized = Swift.max(0, count)
            }
            if count < 0 { throw POSIXError(.EIO) }
            if count == 0 { return nil }
            return chunk[...]
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
