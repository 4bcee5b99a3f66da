import Foundation
import Wireform

/// Adapts an `InputStream` to ``BodyReader``: opens it on first use, closes it at its end, and turns a
/// failed read into a thrown error (reading `streamError` only when the status says there is one, since on Linux
/// reading it otherwise traps).
struct InputStreamBodyReader: BodyReader {
    private let stream: InputStream
    private var isOpen = false

    init(_ stream: InputStream) { self.stream = stream }

    // BodyReader's raw buffer (the reader protocol's one requirement); only `buffer.count` bytes are written.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if !isOpen {
            stream.open()
            isOpen = true
        }
        guard let base = buffer.baseAddress, buffer.count > 0 else { return 0 }
        // The raw buffer holds only bytes, so viewing it as UInt8 is sound; InputStream.read takes a typed pointer.
        let count = stream.read(base.assumingMemoryBound(to: UInt8.self), maxLength: buffer.count)
        if count < 0 {
            let underlying = stream.streamStatus == .error ? stream.streamError : nil
            stream.close()
            throw underlying ?? SerializationError(.streamFailed, "The input stream failed without an error")
        }
        if count == 0 { stream.close() }
        return count
    }
}
