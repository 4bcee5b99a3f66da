import Foundation
import Wireform

/// Sends a request over HTTP/1.1 and writes the response (status line, headers, empty line, body) as it arrives.
///
/// The tool speaks HTTP itself over TCP, so what it sends is byte for byte what the offline output shows: the same
/// writer (``HTTPMessageWriter``) writes to the connection instead of the output. Nothing is added or rewritten, a
/// known length goes out as exactly that `Content-Length`, the body is streamed from its source with no temporary
/// copy, and a connection is used for one request and closed.
///
/// Redirects are not followed unless `--follow` asks for it (see ``Redirect``); then only the final response is
/// written. A server that answers before it has read the whole body gets no more of it, and its response is read.
/// Every failure (refused, reset or closed at any byte, silent past `--timeout`, malformed response) is a
/// ``SendError``.
enum Sending {
    /// How to send.
    struct Settings {
        /// `--body-only`: write only the response body.
        var bodyOnly = false
        /// `--timeout`: the idle timeout, in seconds.
        var timeout: Double = 60
        /// `--follow`.
        var follows = false
        /// `--max-redirects`.
        var maxRedirects = 10
        /// `--progress` / `--no-progress`.
        var progress: Bool?
    }

    /// Sends the request (and its redirects, with `--follow`) and writes the final response.
    /// - Throws: ``SendError`` for a network failure or an invalid response, ``OutputSink/WriteError``, or a
    ///   ``Wireform/SerializationError`` when the body cannot be produced.
    static func send(_ request: SerializedRequest, settings: Settings, to sink: OutputSink) async throws {
        var current = request
        var redirects = 0
        while true {
            let url = current.url
            let endpoint = try Endpoint(current)
            let connection: HTTPConnection
            do {
                connection = try HTTPConnection(host: endpoint.host, port: endpoint.port, timeout: settings.timeout)
            } catch {
                throw SendError(error, url: url, timeout: settings.timeout)
            }
            try await write(current, to: connection, settings: settings)
            let head: ResponseHead
            do {
                head = try ResponseReader.readHead(from: connection)
            } catch {
                throw SendError(error, url: url, timeout: settings.timeout)
            }
            if settings.follows, let next = try Redirect.next(after: current, head: head) {
                guard redirects < settings.maxRedirects else {
                    throw SendError(url: url, reason: "too many redirects (more than \(settings.maxRedirects))")
                }
                redirects += 1
                current = next
                continue
            }
            let framing: ResponseHead.Framing
            do {
                framing = try head.framing(requestMethod: current.method.description)
            } catch {
                throw SendError(.malformed(error), url: url, timeout: settings.timeout)
            }
            if !settings.bodyOnly { try sink.write(head.bytes) }
            do {
                try ResponseReader.readBody(framing, from: connection) { try sink.write($0) }
            } catch let failure as ResponseReader.Failure {
                throw SendError(failure, url: url, timeout: settings.timeout)
            }
            return
        }
    }

    /// Writes the request; returns early when the server answers (or closes) before it was all written, leaving
    /// the answer to the response reader.
    private static func write(
        _ request: SerializedRequest, to connection: HTTPConnection, settings: Settings
    ) async throws {
        let total: Int64? =
            switch request.body?.length {
            case .known(let length)?: length
            case .unknown?: nil
            case nil: 0
            }
        let progress = request.body == nil ? nil : ProgressLine(verb: "sent", total: total, setting: settings.progress)
        defer { progress?.finish() }
        do {
            try await HTTPMessageWriter.write(
                request, to: ConnectionSink(connection: connection), bodyOnly: false, progress: progress)
        } catch let failure as HTTPConnection.Failure {
            switch failure {
            case .responseStarted:
                return
            case .timedOut:
                throw SendError(timedOut: request.url, timeout: settings.timeout)
            case .closed:
                // The server may have answered before it closed: that answer is the response. Otherwise this is
                // the failure to report.
                guard connection.receiveWaitingResponseStart() else {
                    throw SendError(
                        url: request.url,
                        reason: "the connection was closed while the request was being sent")
                }
            }
        }
    }
}
