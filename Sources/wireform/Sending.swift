import Foundation
import Wireform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends a request with URLSession and writes the response (status line, headers, empty line, body) as it arrives.
///
/// The body goes out with the framing the offline output shows (see ``UploadBody``): a known length as exactly that
/// `Content-Length`, from memory or from a temporary file; an unknown length streamed chunked through
/// `httpBodyStream` (a new stream whenever URLSession asks for one again).
enum Sending {
    /// Sends the request and writes the response.
    /// - Parameters:
    ///   - request: The request.
    ///   - sink: Where the response goes.
    ///   - bodyOnly: Whether to write only the response body.
    ///   - timeout: How long to wait without any progress, in seconds.
    /// - Throws: ``SendError`` for a network failure, ``OutputSink/WriteError``, or a
    ///   ``Wireform/SerializationError`` when the body cannot be produced.
    static func send(_ request: SerializedRequest, to sink: OutputSink, bodyOnly: Bool, timeout: Double) async throws {
        let upload = try await UploadBody.prepare(request)
        defer { upload.remove() }
        var urlRequest = try upload.request.urlRequest()
        urlRequest.timeoutInterval = timeout
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        let delegate = ResponseWriter(sink: sink, bodyOnly: bodyOnly, body: request.body, timeout: timeout)
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: queue)
        defer { session.finishTasksAndInvalidate() }
        let task: URLSessionTask =
            if let file = upload.file {
                session.uploadTask(with: urlRequest, fromFile: file)
            } else {
                session.dataTask(with: urlRequest)
            }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            delegate.start(task, continuation: continuation)
        }
    }
}

/// The URLSession delegate that writes the response; its mutable state is behind a lock.
private final class ResponseWriter: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private let sink: OutputSink
    private let bodyOnly: Bool
    private let body: RequestBody?
    private let timeout: Double
    private let lock = NSLock()
    private var locked_continuation: CheckedContinuation<Void, any Error>?
    private var locked_writeError: (any Error)?

    init(sink: OutputSink, bodyOnly: Bool, body: RequestBody?, timeout: Double) {
        self.sink = sink
        self.bodyOnly = bodyOnly
        self.body = body
        self.timeout = timeout
    }

    func start(_ task: URLSessionTask, continuation: CheckedContinuation<Void, any Error>) {
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
            var head = "HTTP/1.1 \(response.statusCode) \(ReasonPhrase.text(for: response.statusCode))\r\n"
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
            continuation?.resume(throwing: SendError(error, url: url, timeout: timeout))
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
}
