import Foundation
import NIOCore
import Wireform
import WireformAsyncHTTPClient

/// Writes a ``Wireform/SerializedRequest`` as an HTTP/1.1 message, byte for byte what `--send` sends over HTTP/1.1
/// through AsyncHTTPClient: the request line with the origin-form target (path and query exactly as serialized),
/// `Host`, the request's other headers in the order Wireform produced them, then the framing field
/// (``RequestFraming``: `Content-Length` or `Transfer-Encoding: chunked`, last, where AsyncHTTPClient writes it), an
/// empty line and the body, streamed chunk by chunk. Lines end with CRLF.
///
/// A body whose length is not known in advance is written in chunks of ``chunkSize`` bytes with lowercase
/// hexadecimal sizes, as SwiftNIO frames the same chunks.
///
/// https://www.rfc-editor.org/rfc/rfc9112#name-request-line
enum HTTPMessageWriter {
    /// The size of the chunks a streamed body is read in, here and by `--send`.
    static let chunkSize = 256 * 1024

    /// Writes the whole message, or only its body.
    /// - Parameters:
    ///   - request: The request.
    ///   - sink: Where the bytes go.
    ///   - bodyOnly: Whether to write only the body.
    ///   - progress: Counts the body bytes written.
    /// - Throws: What the sink throws, or whatever producing the body throws (a ``Wireform/SerializationError``
    ///   for a file that changed or disappeared).
    static func write(
        _ request: SerializedRequest, to sink: some MessageSink, bodyOnly: Bool, progress: ProgressLine? = nil
    ) async throws {
        let framing = RequestFraming(request)
        if !bodyOnly {
            let target = RequestTarget(request)
            if target.originForm.utf8.count > chunkSize {
                // A long target (a large --params-file as GET) is written from the request's own text, not copied.
                try sink.write(Array("\(request.method.description) ".utf8))
                try sink.write(target.originForm.utf8)
                try sink.write(headAfterTarget(for: request, target: target, framing: framing))
            } else {
                try sink.write(head(for: request, framing: framing))
            }
        }
        guard let body = request.body else { return }
        guard framing == .chunked && !bodyOnly else {
            for try await chunk in body.chunks(chunkSize: chunkSize) {
                try sink.write(chunk)
                progress?.advance(by: chunk.count)
            }
            return
        }
        // The chunks AsyncHTTPClient sends (WireformAsyncHTTPClient's), so that every chunk size line is the same.
        for try await buffer in ByteBufferChunks(body, chunkSize: chunkSize) {
            try sink.write(Array((String(buffer.readableBytes, radix: 16) + "\r\n").utf8))
            try sink.write(buffer.readableBytesView)
            try sink.write(crlf)
            progress?.advance(by: buffer.readableBytes)
        }
        try sink.write(Array("0\r\n\r\n".utf8))
    }

    /// The request line and the header section, with the empty line that ends it.
    static func head(for request: SerializedRequest, framing: RequestFraming) -> [UInt8] {
        let target = RequestTarget(request)
        var head: [UInt8] = []
        head.reserveCapacity(512)
        head.append(contentsOf: request.method.description.utf8)
        head.append(UInt8(ascii: " "))
        head.append(contentsOf: target.originForm.utf8)
        head.append(contentsOf: headAfterTarget(for: request, target: target, framing: framing))
        return head
    }

    /// The request line after its target, and the header section with the empty line that ends it.
    static func headAfterTarget(for request: SerializedRequest, target: RequestTarget, framing: RequestFraming)
        -> [UInt8]
    {
        var head: [UInt8] = []
        head.reserveCapacity(512)
        head.append(contentsOf: " HTTP/1.1\r\n".utf8)
        head.append(contentsOf: "Host: \(target.hostField(request))\r\n".utf8)
        for field in request.headers where !framingAndHostFields.contains(field.name) {
            head.append(contentsOf: field.name.description.utf8)
            head.append(contentsOf: ": ".utf8)
            head.append(contentsOf: field.value.utf8)
            head.append(contentsOf: crlf)
        }
        head.append(contentsOf: framing.headerLine.utf8)
        head.append(contentsOf: crlf)
        return head
    }

    /// The fields written in a place of their own: `Host` first, the framing field last.
    static let framingAndHostFields: Set<HeaderFields.Name> = [
        .host, .contentLength, HeaderFields.Name("Transfer-Encoding")!,  // A valid token: never nil.
    ]

    private static let crlf: [UInt8] = [0x0D, 0x0A]
}

/// Where ``HTTPMessageWriter`` writes: takes every byte or throws.
protocol MessageSink {
    /// Writes all of the bytes.
    func write(_ bytes: some Collection<UInt8>) throws
}

extension OutputSink: MessageSink {}

/// The parts of a request's URL that an HTTP/1.1 request line and `Host` need, taken from its text exactly as
/// Wireform serialized it (no re-escaping).
struct RequestTarget: Equatable {
    /// `/path?query`, without the fragment; `/` when the path is empty.
    let originForm: String
    /// `host[:port]`, without user information.
    let host: String

    /// Takes the parts of the request's URL.
    init(_ request: SerializedRequest) {
        let authority = Substring(request.authority)
        host = String(authority.lastIndex(of: "@").map { authority[authority.index(after: $0)...] } ?? authority)
        originForm = request.path
    }

    /// The `Host` field's value: the one given with `-H Host`, or the URL's `host[:port]`.
    func hostField(_ request: SerializedRequest) -> String { request.headers[.host] ?? host }
}
