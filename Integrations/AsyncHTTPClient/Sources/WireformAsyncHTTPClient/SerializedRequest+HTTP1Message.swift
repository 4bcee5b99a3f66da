import NIOCore
public import Wireform

extension SerializedRequest {
    /// Writes the HTTP/1.1 message AsyncHTTPClient sends for this request, byte for byte: what
    /// `HTTPClient.execute(HTTPClientRequest(request, hostFieldFirst: true), …)` puts on an HTTP/1.1 connection, to
    /// log, record or print.
    ///
    /// The message is the request line with the origin-form target (``Wireform/SerializedRequest/path``, exactly as
    /// serialized), the header fields in the order
    /// ``AsyncHTTPClient/HTTPClientRequest/init(_:hostFieldFirst:uploadProgress:)`` gives them with
    /// `hostFieldFirst` (`Host` first, then the request's fields in order), the framing field AsyncHTTPClient adds last
    /// (`Content-Length: N`; `Transfer-Encoding: chunked` for a stream of unknown length, `transfer-encoding: chunked`
    /// after `POST`, `PUT` and `PATCH`, as SwiftNIO writes it again; nothing for an empty `GET`,
    /// `HEAD`, `DELETE`, `CONNECT` or `TRACE`; `Content-Length: 0` for other methods without a body), an empty line,
    /// and the body as it is framed: as it is, or in the chunks ``ByteBufferChunks`` gives AsyncHTTPClient, each with
    /// its lowercase hexadecimal size line, then the last chunk `0`. Lines end with CRLF. A client configured with
    /// decompression (`HTTPClient.shared` is) adds `Accept-Encoding: deflate, gzip` after the framing field, and one
    /// with a tracer adds the tracer's fields before it; a client with the default configuration adds nothing.
    ///
    /// The body is streamed, never held whole: `write` gets it a chunk at a time, lent where it already is. Give the
    /// same `chunkSize` as the request's `HTTPClientRequest.Body(_:chunkSize:)` (both default to 1 MiB) so that a
    /// chunked body has the same chunk size lines.
    ///
    /// ```swift
    /// var log: [UInt8] = []
    /// try await request.writeHTTP1Message { bytes, _ in log.append(contentsOf: bytes) }
    /// ```
    /// - Parameters:
    ///   - chunkSize: The size of the body's chunks, in bytes (at least 1).
    ///   - bodyOnly: Whether to write only the body's own bytes, without the head and without chunk framing.
    ///   - write: Called with each run of the message's bytes, in order; the bytes are valid only during the call.
    ///     `isBody` tells the body's own bytes (to count progress) from the head and the chunk framing.
    /// - Throws: What `write` throws, or whatever producing the body throws (such as a
    ///   ``Wireform/SerializationError`` for a file that changed or disappeared).
    public func writeHTTP1Message(
        chunkSize: Int = ByteBufferChunks.defaultChunkSize,
        bodyOnly: Bool = false,
        _ write: (_ bytes: UnsafeRawBufferPointer, _ isBody: Bool) throws -> Void
    ) async throws {
        let framing = HTTP1Head.Framing(self)
        if !bodyOnly {
            var target = path
            if target.utf8.count > chunkSize {
                // A long target (a query of hundreds of megabytes) is written from its own text, not copied.
                try Self.lend(Array("\(method.description) ".utf8), to: write)
                // The string's own UTF-8 storage, lent for the call: no copy of the target.
                try target.withUTF8 { try write(UnsafeRawBufferPointer($0), false) }
                try Self.lend(HTTP1Head.bytesAfterTarget(of: self, framing: framing), to: write)
            } else {
                try Self.lend(
                    Array("\(method.description) \(target)".utf8)
                        + HTTP1Head.bytesAfterTarget(of: self, framing: framing), to: write)
            }
        }
        guard let body else { return }
        guard case .chunked = framing, !bodyOnly else {
            for try await chunk in body.chunks(chunkSize: chunkSize) {
                // The chunk's own storage, lent for the call: no copy of the body.
                try chunk.withUnsafeBytes { try write($0, true) }
            }
            return
        }
        // The buffers AsyncHTTPClient is given, so that every chunk size line is the same.
        for try await buffer in ByteBufferChunks(body, chunkSize: chunkSize) {
            try Self.lend(Array((String(buffer.readableBytes, radix: 16) + "\r\n").utf8), to: write)
            // The buffer's own storage, lent for the call: no copy of the body.
            try buffer.withUnsafeReadableBytes { try write($0, true) }
            try Self.lend(Array("\r\n".utf8), to: write)
        }
        try Self.lend(Array("0\r\n\r\n".utf8), to: write)
    }

    /// Hands framing bytes (not the body's) to the writer.
    private static func lend(
        _ bytes: [UInt8], to write: (UnsafeRawBufferPointer, Bool) throws -> Void
    ) throws {
        // The array's storage, lent for the call.
        try bytes.withUnsafeBytes { try write($0, false) }
    }
}
