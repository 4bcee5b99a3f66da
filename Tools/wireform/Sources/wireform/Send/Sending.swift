import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Wireform
import WireformAsyncHTTPClient

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Sends a request through AsyncHTTPClient and writes the response (status line, headers, empty line, body) as it
/// arrives.
///
/// Over HTTP/1.1 the server receives byte for byte what the offline output shows (WireformAsyncHTTPClient's
/// `SerializedRequest.writeHTTP1Message` prints what its `HTTPClientRequest` sends, with the same ``chunkSize``);
/// over HTTP/2 (offered by a TLS server) the same fields and body.
/// The body goes through WireformAsyncHTTPClient's adapter, so a body that produces another number of bytes than it
/// declared fails the request instead of being sent short or long.
///
/// Redirects are not followed unless `--follow` asks for it; then WireformAsyncHTTPClient follows them by
/// Wireform's rule (`SerializedRequest.send(followingRedirects:_:)`), each request through the client its URL needs
/// (``ClientPool``), and only the final response is written. Every failure (refused, reset, TLS, silent past
/// `--timeout`, malformed response, a redirect that cannot be followed) is a ``SendError``.
enum Sending {
    /// The size of the chunks a streamed body is read in, sent and printed, so that a chunked body has the same
    /// chunk size lines in both.
    static let chunkSize = 256 * 1024

    /// How to send.
    struct Settings {
        /// `--body-only`: write only the response body.
        var bodyOnly: Bool
        /// `--timeout`: the idle timeout, in seconds.
        var timeout: Double
        /// `--follow`.
        var follows: Bool
        /// `--max-redirects`.
        var maxRedirects: Int
        /// `--progress` (`true`), `--no-progress` (`false`), or neither (`nil`: shown when standard error is a
        /// terminal).
        var progress: Bool?
        /// TLS and proxies.
        var connection: ConnectionSettings
        /// The `--file` parts as they were when the request was built, checked again before a 307 or 308 replay.
        var files: [FileSnapshot]

        /// The settings a command line asks for, with the proxies of `environment`.
        init(_ arguments: CommandLineArguments, environment: [String: String]) {
            bodyOnly = arguments.bodyOnly
            timeout = arguments.timeout.first ?? 60
            follows = arguments.follow
            maxRedirects = arguments.maxRedirects.first ?? 10
            progress = arguments.progress ? true : arguments.noProgress ? false : nil
            connection = ConnectionSettings(
                caCertificatePath: arguments.cacert.first, insecure: arguments.insecure, proxy: arguments.proxy.first,
                environment: environment)
            files = FileSnapshot.all(of: arguments)
        }
    }

    /// A failure of one request's own sending, already worded (or a body's error, to be thrown as it is), told
    /// apart from the redirect rule's refusals, which come from WireformAsyncHTTPClient as Wireform errors.
    private struct StepFailure: Error {
        let error: any Error
    }

    /// Sends the request (and its redirects, with `--follow`) and writes the final response.
    /// - Throws: ``SendError`` for a network failure, an invalid response or a redirect that cannot be followed,
    ///   ``OutputSink/WriteError``, or a ``Wireform/SerializationError`` when the body cannot be produced.
    static func send(_ request: SerializedRequest, settings: Settings, to sink: OutputSink) async throws {
        let clients = ClientPool(settings: settings.connection, timeout: settings.timeout)
        do {
            try await send(request, settings: settings, clients: clients, to: sink)
        } catch {
            await clients.shutdown()
            throw error
        }
        await clients.shutdown()
    }

    /// Sends the request and its redirects with the pool's clients, and writes the final response.
    private static func send(
        _ request: SerializedRequest, settings: Settings, clients: ClientPool, to sink: OutputSink
    ) async throws {
        var url = request.url
        var steps = 0
        /// Sends one request through the client its URL needs.
        func step(_ current: SerializedRequest) async throws -> HTTPClientResponse {
            url = current.url
            let isReplay = steps > 0 && current.body != nil
            steps += 1
            do {
                return try await sendRetrying(current, isReplay: isReplay, clients: clients, settings: settings)
            } catch {
                let worded: any Error
                do { worded = try SendError(error, url: url, timeout: settings.timeout) } catch { worded = error }
                throw StepFailure(error: worded)
            }
        }
        let response: HTTPClientResponse
        do {
            if settings.follows {
                response = try await request.send(followingRedirects: settings.maxRedirects, step)
            } else {
                response = try await step(request)
            }
        } catch let failure as StepFailure {
            throw failure.error
        } catch let error as HTTPClientError where error == .redirectLimitReached {
            throw SendError(url: url, reason: "too many redirects (more than \(settings.maxRedirects))")
        } catch let error as SerializationError {
            // The redirect rule's refusal: its message names the redirect.
            throw SendError(message: error.reason)
        }
        if response.version.major >= 2 { reportFieldsNotSent(over: response.version, in: request) }
        if !settings.bodyOnly { try sink.write(ResponseHeadText.bytes(of: response)) }
        do {
            for try await buffer in response.body {
                try sink.write(buffer.readableBytesView)
            }
        } catch let error as OutputSink.WriteError {
            throw error
        } catch {
            throw try SendError(error, url: url, timeout: settings.timeout)
        }
    }

    /// The fields HTTP/2 cannot carry (RFC 9113, section 8.2.2), which SwiftNIO leaves out of an HTTP/2 request.
    static let connectionSpecificFields: Set<String> = [
        "connection", "keep-alive", "proxy-connection", "transfer-encoding", "upgrade",
    ]

    /// Writes a warning on standard error naming the request's fields that were not sent because the request went
    /// over HTTP/2: they are printed offline (HTTP/1.1) but HTTP/2 forbids them; `TE` is kept only as `trailers`.
    static func reportFieldsNotSent(over version: HTTPVersion, in request: SerializedRequest) {
        var names: [String] = []
        for field in request.headers {
            let name = field.name.description
            let lowercased = name.lowercased()
            let isForbidden =
                connectionSpecificFields.contains(lowercased)
                || (lowercased == "te" && field.value.lowercased() != "trailers")
            if isForbidden && !names.contains(where: { $0.lowercased() == lowercased }) { names.append(name) }
        }
        guard !names.isEmpty else { return }
        let list = names.map { quoted($0) }.joined(separator: ", ")
        StandardError.writeMessage(
            "warning: not sent over HTTP/2, which forbids connection-specific fields (RFC 9113, section 8.2.2): "
                + list)
    }

    /// Sends one request; before a 307 or 308 replay, checks that no `--file` changed, and sends the request once
    /// more on a fresh connection when the connection closed before any byte of the response came back and HTTP
    /// allows a retry (RFC 9112, section 9.3.1): an idempotent method, or a replay of a replayable body.
    /// - Throws: ``SendError`` for a file that changed; what ``execute(_:on:settings:)`` throws.
    private static func sendRetrying(
        _ request: SerializedRequest, isReplay: Bool, clients: ClientPool, settings: Settings
    ) async throws -> HTTPClientResponse {
        if isReplay { try checkFiles(settings.files, url: request.url) }
        do {
            return try await execute(request, on: try clients.client(for: request), settings: settings)
        } catch let error where isClosedBeforeResponse(error) {
            let isIdempotent = idempotentMethods.contains(request.method.description)
            let isReplayable = isReplay && (request.body?.isReplayable ?? true)
            guard isIdempotent || isReplayable else { throw error }
            if isReplay { try checkFiles(settings.files, url: request.url) }
            return try await execute(request, on: try clients.client(for: request), settings: settings)
        }
    }

    /// The methods a client may retry on its own (RFC 9110, section 9.2.2).
    static let idempotentMethods: Set<String> = ["GET", "HEAD", "PUT", "DELETE", "OPTIONS", "TRACE"]

    /// Throws the documented redirect error when a `--file` changed since the request was built.
    private static func checkFiles(_ files: [FileSnapshot], url: String) throws(SendError) {
        guard let change = FileSnapshot.firstChange(in: files) else { return }
        throw SendError(message: "The redirect to \(quoted(url)) was not followed: " + change)
    }

    /// Whether an error says the connection closed (or was reset) before the response head came back.
    private static func isClosedBeforeResponse(_ error: any Error) -> Bool {
        switch error {
        case let error as HTTPClientError:
            return error == .remoteConnectionClosed
        case let error as IOError:
            return error.errnoCode == ECONNRESET || error.errnoCode == EPIPE
        case let error as ChannelError:
            return error == .ioOnClosedChannel || error == .eof || error == .outputClosed
        default:
            return false
        }
    }

    /// Sends one request and waits for its response head, counting the body's bytes on the progress line; the
    /// request ends with `HTTPClientError.deadlineExceeded` when `--timeout` passes without progress (written body,
    /// response head, response body), WireformAsyncHTTPClient's idle deadline.
    private static func execute(
        _ request: SerializedRequest, on client: HTTPClient, settings: Settings
    ) async throws -> HTTPClientResponse {
        let progress = request.body.flatMap { body in
            let total: Int64? = if case .known(let length) = body.length { length } else { nil }
            return ProgressLine(verb: "sent", total: total, setting: settings.progress).map(ProgressCounter.init)
        }
        defer { progress?.finish() }
        var report: (@Sendable (BodyProgress) -> Void)? = nil
        if let progress {
            report = { @Sendable (value: BodyProgress) -> Void in progress.update(value.completedBytes) }
        }
        // `Host` first, as the printed request has it; the pool's clients follow no redirect themselves. The same
        // chunks as the printed form, so that a chunked body has the same chunk size lines.
        return try await client.send(
            request, idleTimeout: ClientPool.timeAmount(settings.timeout), hostFieldFirst: true, chunkSize: chunkSize,
            uploadProgress: report)
    }
}
