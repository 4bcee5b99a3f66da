public import Foundation
public import Wireform

/// An `InputStream` that produces a ``MessageBody``, for `URLRequest.httpBodyStream`.
///
/// `read(_:maxLength:)` pulls straight from the body's ``BodyReader`` on the calling thread: it never sleeps, waits
/// for another thread or hops to the main queue (on Linux every URLSession shares one serial queue, so a blocking
/// read would stall them all). A body that cannot be produced in full ends with `read` returning `-1`,
/// ``streamStatus`` `.error` and the cause in ``streamError``: never with a short body that looks complete.
///
/// Each stream reads the body once; make a new one with ``MessageBody/makeInputStream()`` when URLSession asks for
/// it again (`urlSession(_:task:needNewBodyStream:)`).
package final class BodyInputStream: InputStream {
    private let body: MessageBody
    private var reader: (any BodyReader)?
    private var status: Stream.Status = .notOpen
    private var failure: (any Error)?

    /// Creates a stream positioned at the start of a body.
    /// - Parameter body: The body; it must support synchronous reading.
    package init(body: MessageBody) {
        self.body = body
        super.init(data: Data())
    }

    /// Prepares the body's reader.
    package override func open() {
        guard status == .notOpen else { return }
        do {
            reader = try body.makeReader()
            status = .open
        } catch {
            fail(error)
        }
    }

    /// Reads up to `maxLength` bytes.
    /// - Parameters:
    ///   - buffer: Where to put the bytes.
    ///   - maxLength: The most bytes to read.
    /// - Returns: The number of bytes read, `0` at the end of the body, `-1` on failure.
    // InputStream's override takes a raw pointer: URLSession hands its own buffer, which the reader fills directly.
    package override func read(_ buffer: UnsafeMutablePointer<UInt8>, maxLength: Int) -> Int {
        if status == .notOpen { open() }
        guard status == .open || status == .reading, var current = reader else {
            return status == .atEnd ? 0 : -1
        }
        guard maxLength > 0 else { return 0 }
        reader = nil  // keep the reader uniquely referenced while it reads
        status = .reading
        do {
            // InputStream's contract: `buffer` holds `maxLength` writable bytes; this buffer spans exactly those.
            let count = try current.read(into: UnsafeMutableRawBufferPointer(start: buffer, count: maxLength))
            reader = current
            status = count == 0 ? .atEnd : .open
            return count
        } catch {
            fail(error)
            return -1
        }
    }

    /// Whether a read may produce bytes.
    package override var hasBytesAvailable: Bool { status == .open || status == .notOpen }

    /// The stream's state.
    package override var streamStatus: Stream.Status { status }

    /// Why the stream failed, or `nil` when it has not.
    package override var streamError: (any Error)? { failure }

    /// Releases the reader.
    package override func close() {
        reader = nil
        if status != .error { status = .closed }
    }

    // InputStream's override has pointer parameters; it touches neither and returns `false` (no internal buffer).
    /// This stream has no internal buffer to expose.
    /// - Parameters:
    ///   - buffer: Unused.
    ///   - len: Unused.
    /// - Returns: `false`.
    package override func getBuffer(
        // InputStream's signature; unused, since this stream has no internal buffer to lend (returns false).
        _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>,
        length len: UnsafeMutablePointer<Int>
    ) -> Bool { false }

    #if canImport(Darwin)
        /// This stream has no properties.
        /// - Parameter key: Unused.
        /// - Returns: `nil`.
        public override func property(forKey key: Stream.PropertyKey) -> Any? { nil }

        /// This stream has no properties.
        /// - Parameters:
        ///   - property: Unused.
        ///   - key: Unused.
        /// - Returns: `false`.
        public override func setProperty(_ property: Any?, forKey key: Stream.PropertyKey) -> Bool { false }

        /// Reading is synchronous and needs no run loop.
        /// - Parameters:
        ///   - aRunLoop: Unused.
        ///   - mode: Unused.
        public override func schedule(in aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}

        /// Reading is synchronous and needs no run loop.
        /// - Parameters:
        ///   - aRunLoop: Unused.
        ///   - mode: Unused.
        public override func remove(from aRunLoop: RunLoop, forMode mode: RunLoop.Mode) {}
    #endif

    private func fail(_ error: any Error) {
        failure = error
        reader = nil
        status = .error
    }
}

extension MessageBody {
    /// A new `InputStream` positioned at the start of the body, for `URLRequest.httpBodyStream`.
    /// - Returns: The stream.
    /// - Throws: ``SerializationError/Code/unsupportedBody`` when the body can only be produced asynchronously.
    public func makeInputStream() throws(SerializationError) -> InputStream {
        guard supportsSynchronousReading else {
            throw SerializationError(
                .unsupportedBody,
                "This body is produced by an async sequence and cannot be read through an InputStream"
            )
        }
        if let bytes { return InputStream(data: Data(bytes)) }
        return BodyInputStream(body: self)
    }
}
