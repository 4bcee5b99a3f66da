import Foundation
import Wireform

/// Writes a ``Wireform/SerializedRequest`` as an HTTP/1.1 message: the request line with the origin-form target
/// (path and query exactly as serialized), `Host`, the request's headers in the order Wireform produced them, an
/// empty line and the body, streamed chunk by chunk. Lines end with CRLF.
///
/// A body whose length is not known in advance is written with `Transfer-Encoding: chunked`, as HTTP/1.1 requires.
///
/// https://www.rfc-editor.org/rfc/rfc9112#name-request-line
enum HTTPMessageWriter {
    /// The size of the chunks a streamed body is read in.
    static let chunkSize = 256 * 1024

    /// Writes the whole message, or only its body.
    /// - Parameters:
    ///   - request: The request.
    ///   - sink: Where the bytes go: the output, or a connection (``HTTPConnection``) for `--send`.
    ///   - bodyOnly: Whether to write only the body.
    ///   - progress: Counts the body bytes written.
    /// - Throws: What the sink throws, or whatever producing the body throws (a ``Wireform/SerializationError``
    ///   for a file that changed or disappeared).
    static func write(
        _ request: SerializedRequest, to sink: some MessageSink, bodyOnly: Bool, progress: ProgressLine? = nil
    ) async throws {
        let isChunked = (request.body?.length == .unknown) && !request.headers.contains(.contentLength)
        if !bodyOnly {
            let target = RequestTarget(request)
            if target.originForm.utf8.count > chunkSize {
                // A long target (a large --params-file as GET) is written from the request's own text, not copied.
                try sink.write(Array("\(request.method.rawValue) ".utf8))
                try sink.write(target.originForm.utf8)
                try sink.write(headAfterTarget(for: request, host: target.host, isChunked: isChunked))
            } else {
                try sink.write(head(for: request, isChunked: isChunked))
            }
        }
        guard let body = request.body else { return }
        var framing: [UInt8] = []
        for try await chunk in body.chunks(chunkSize: chunkSize) {
            if isChunked && !bodyOnly {
                framing.removeAll(keepingCapacity: true)
                framing.append(contentsOf: String(chunk.count, radix: 16, uppercase: true).utf8)
                framing.append(contentsOf: crlf)
                try sink.write(framing)
                try sink.write(chunk)
                try sink.write(crlf)
            } else {
                try sink.write(chunk)
            }
            progress?.advance(by: chunk.count)
        }
        if isChunked && !bodyOnly {
            try sink.write(Array("0\r\n\r\n".utf8))
        }
    }

    /// The request line and the header section, with the empty line that ends it.
    static func head(for request: SerializedRequest, isChunked: Bool) -> [UInt8] {
        let target = RequestTarget(request)
        var head: [UInt8] = []
        head.reserveCapacity(512)
        head.append(contentsOf: request.method.rawValue.utf8)
        head.append(UInt8(ascii: " "))
        head.append(contentsOf: target.originForm.utf8)
        head.append(contentsOf: headAfterTarget(for: request, host: target.host, isChunked: isChunked))
        return head
    }

    /// The request line after its target, and the header section with the empty line that ends it.
    static func headAfterTarget(for request: SerializedRequest, host: String, isChunked: Bool) -> [UInt8] {
        var head: [UInt8] = []
        head.reserveCapacity(512)
        head.append(contentsOf: " HTTP/1.1\r\n".utf8)
        let host = request.headers[.host] ?? host
        head.append(contentsOf: "Host: \(host)\r\n".utf8)
        for field in request.headers where field.name != .host {
            head.append(contentsOf: field.name.rawName.utf8)
            head.append(contentsOf: ": ".utf8)
            head.append(contentsOf: field.value.utf8)
            head.append(contentsOf: crlf)
        }
        if isChunked { head.append(contentsOf: "Transfer-Encoding: chunked\r\n".utf8) }
        head.append(contentsOf: crlf)
        return head
    }

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
}
