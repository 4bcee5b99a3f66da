import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Wireform
import WireformAsyncHTTPClient

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
        /// Sends one request through the client its URL needs.
        func step(_ current: SerializedRequest) async throws -> HTTPClientResponse {
            url = current.url
            do {
                return try await execute(current, on: try clients.client(for: current), settings: settings)
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

    /// Sends one request and waits for its response head, counting the body's bytes on the progress line.
    private static func execute(
        _ request: SerializedRequest, on client: HTTPClient, settings: Settings
    ) async throws -> HTTPClientResponse {
        // `Host` first, as the printed request has it; the pool's clients follow no redirect themselves.
        var clientRequest = HTTPClientRequest(request, hostFieldFirst: true)
        let progress = request.body.flatMap { body in
            let total: Int64? = if case .known(let length) = body.length { length } else { nil }
            return ProgressLine(verb: "sent", total: total, setting: settings.progress).map(ProgressCounter.init)
        }
        defer { progress?.finish() }
        if var body = request.body {
            // An empty body counts nothing, and wrapped it would become a stream: sent chunked, not as its bytes.
            if let progress, body.length != .known(0) {
                body = body.reportingProgress { progress.update($0.completedBytes) }
            }
            // The same chunks as the printed form, so that a chunked body has the same chunk size lines.
            clientRequest.body = HTTPClientRequest.Body(body, chunkSize: chunkSize)
        }
        return try await client.execute(clientRequest, deadline: .distantFuture)
    }
}
