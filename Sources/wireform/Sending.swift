import Foundation
import Wireform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A request that could not be sent or whose response could not be read: exit status 3.
struct SendError: Error {
    let message: String
}

/// Sends a request with URLSession and writes the response (status line, headers, empty line, body) as it arrives.
///
/// The request body is streamed from its ``Wireform/RequestBody`` through `httpBodyStream` (a new stream whenever
/// URLSession asks for one again), and the response body is written to the output chunk by chunk.
enum Sending {
    /// Sends the request and writes the response.
    /// - Throws: ``SendError`` for a network failure, ``OutputSink/WriteError``, or a
    ///   ``Wireform/SerializationError`` when the body cannot be delivered through URLSession.
    static func send(_ request: SerializedRequest, to sink: OutputSink, bodyOnly: Bool) async throws {
        var urlRequest = try request.urlRequest()
        urlRequest.timeoutInterval = 600
        let delegate = ResponseWriter(sink: sink, bodyOnly: bodyOnly, body: request.body)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: .ephemeral, delegate: delegate, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            delegate.start(session.dataTask(with: urlRequest), continuation: continuation)
        }
    }
}

/// The URLSession delegate that writes the response; its mutable state is behind a lock.
private final class ResponseWriter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let sink: OutputSink
    private let bodyOnly: Bool
    private let body: RequestBody?
    private let lock = NSLock()
    private var locked_continuation: CheckedContinuation<Void, any Error>?
    private var locked_writeError: (any Error)?

    init(sink: OutputSink, bodyOnly: Bool, body: RequestBody?) {
        self.sink = sink
        self.bodyOnly = bodyOnly
        self.body = body
    }

    func start(_ task: URLSessionDataTask, continuation: CheckedContinuation<Void, any Error>) {
        lock.withLock { locked_continuation = continuation }
        task.resume()
    }

    func urlSession(
        _ session: URLSession,
        dataTask: URLSessionDataTask,
        didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        if !bodyOnly, let response = response as? HTTPURLResponse {
            var head = "HTTP/1.1 \(response.statusCode) \(Self.reasonPhrase(response.statusCode))\r\n"
            let fields = response.allHeaderFields.compactMap { key, value -> (String, String)? in
                guard let name = key as? String else { return nil }
                return (name, "\(value)")
            }
            for (name, value) in fields.sorted(by: { $0.0.lowercased() < $1.0.lowercased() }) {
                head += "\(name): \(value)\r\n"
            }
            head += "\r\n"
            guard record({ () throws(OutputSink.WriteError) in try sink.write(Array(head.utf8)) }) else {
                completionHandler(.cancel)
                return
            }
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if !record({ () throws(OutputSink.WriteError) in try sink.write(data) }) { dataTask.cancel() }
    }

    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        completionHandler(try? body?.makeInputStream())
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let (continuation, writeError) = lock.withLock {
            defer { locked_continuation = nil }
            return (locked_continuation, locked_writeError)
        }
        if let writeError {
            continuation?.resume(throwing: writeError)
        } else if let error {
            let url = task.originalRequest?.url?.absoluteString ?? ""
            continuation?.resume(
                throwing: SendError(message: "Cannot send the request to \(quoted(url)): \(error.localizedDescription)")
            )
        } else {
            continuation?.resume()
        }
    }

    /// Runs a write; on failure remembers the error and returns `false`.
    private func record(_ write: () throws(OutputSink.WriteError) -> Void) -> Bool {
        do {
            try write()
            return true
        } catch {
            lock.withLock { locked_writeError = error }
            return false
        }
    }

    static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 100: return "Continue"
        case 101: return "Switching Protocols"
        case 200: return "OK"
        case 201: return "Created"
        case 202: return "Accepted"
        case 204: return "No Content"
        case 206: return "Partial Content"
        case 301: return "Moved Permanently"
        case 302: return "Found"
        case 303: return "See Other"
        case 304: return "Not Modified"
        case 307: return "Temporary Redirect"
        case 308: return "Permanent Redirect"
        case 400: return "Bad Request"
        case 401: return "Unauthorized"
        case 403: return "Forbidden"
        case 404: return "Not Found"
        case 405: return "Method Not Allowed"
        case 409: return "Conflict"
        case 411: return "Length Required"
        case 413: return "Content Too Large"
        case 415: return "Unsupported Media Type"
        case 422: return "Unprocessable Content"
        case 429: return "Too Many Requests"
        case 500: return "Internal Server Error"
        case 501: return "Not Implemented"
        case 502: return "Bad Gateway"
        case 503: return "Service Unavailable"
        case 504: return "Gateway Timeout"
        default: return ""
        }
    }
}
