/// A synchronous, pull-based source of body bytes: what an `InputStream` for `URLRequest.httpBodyStream` reads.
///
/// A reader is owned by one consumer at a time. It returns `0` only at the end of the body, and it throws instead
/// of ending early: a stream that produced fewer bytes than it declared must never look like a complete body. For a
/// body of known length, the reader is read once more after its declared bytes and must return `0` there; until it
/// does, the last declared bytes are not handed on.
public protocol BodyReader {
    // A raw buffer, as InputStream.read and read(2) take one: a body is written straight into its consumer's memory.
    /// Reads up to `buffer.count` bytes into the buffer.
    /// - Parameter buffer: Where to put the bytes; never empty.
    /// - Returns: The number of bytes read; `0` only when the body is complete.
    /// - Throws: When the body cannot be produced in full (``SerializationError`` or an error of the source).
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}

/// A ``BodyReader`` over bytes in memory (outside the package, `MessageBody(bytes:).makeReader()` makes one).
package struct ByteArrayBodyReader: BodyReader {
    private let bytes: [UInt8]
    private var position = 0

    /// Creates a reader.
    /// - Parameter bytes: The body.
    package init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// Copies the next bytes into the buffer.
    /// - Parameter buffer: Where to put the bytes.
    /// - Returns: The number of bytes copied; `0` at the end.
    // BodyReader's raw buffer (the protocol's one requirement); at most `buffer.count` bytes are copied in.
    package mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, bytes.count - position)
        guard count > 0 else { return 0 }
        // One memcpy of `count` bytes, which both buffers hold (count is the smaller of what each has).
        bytes.withUnsafeBytes { source in
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[position..<(position + count)]))
        }
        position += count
        return count
    }
}
