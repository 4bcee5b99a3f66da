import Foundation
import Wireform
import WireformMultipart

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession delegate that gives each task a fresh `InputStream` of its body whenever URLSession asks for one:
/// at the start of a streamed upload and again after a redirect or an authentication challenge.
///
/// ```swift
/// let provider = BodyStreamProvider()
/// let session = URLSession(configuration: .default, delegate: provider, delegateQueue: nil)
/// let task = session.uploadTask(withStreamedRequest: request)
/// provider.register(form.serializedBody.body, for: task)
/// task.resume()
/// ```
///
/// It also collects each task's response data and completes the waiters of ``response(for:)``, and follows
/// redirects safely: credentials never go to another origin, `POST` redirected by 301, 302 or 303 becomes a `GET`
/// without body, and a 307 or 308 for a request with a body is returned rather than followed (URLSession on Linux
/// would send it without its body).
final class BodyStreamProvider: NSObject, URLSessionDataDelegate, Sendable {
    private struct TaskState {
        var body: MessageBody?
        var progress: (@Sendable (BodyProgress) -> Void)?
        var total: Int64?
        var data = Data()
        var result: Result<(Data, URLResponse), any Error>?
        var waiter: CheckedContinuation<(Data, URLResponse), any Error>?
        var isFinished = false
    }

    private let tasks = Lock<[Int: TaskState]>([:])

    /// Creates a provider.
    override init() {}

    /// Registers the body a task uploads; call it before `resume()`.
    /// - Parameters:
    ///   - body: The body; it must support synchronous reading.
    ///   - task: The task.
    func register(_ body: MessageBody, for task: URLSessionTask) {
        tasks.withLock { $0[task.taskIdentifier, default: TaskState()].body = body }
    }

    /// Registers a progress handler for a task's upload; call it before `resume()`.
    /// - Parameters:
    ///   - progress: Called with the bytes sent so far each time URLSession reports some.
    ///   - total: The body's length, or `nil` when it is not known.
    ///   - task: The task.
    func register(progress: @escaping @Sendable (BodyProgress) -> Void, total: Int64?, for task: URLSessionTask) {
        tasks.withLock { tasks in
            tasks[task.taskIdentifier, default: TaskState()].progress = progress
            tasks[task.taskIdentifier, default: TaskState()].total = total
        }
    }

    /// Waits for a task to complete and returns its response body and response; cancelling the calling task cancels
    /// the URLSession task, which then ends with ``Wireform/SerializationError/Code/cancelled``.
    /// - Parameter task: A task of a session whose delegate is this provider.
    /// - Returns: The data received and the response.
    /// - Throws: The task's error.
    func response(for task: URLSessionTask) async throws -> (Data, URLResponse) {
        do {
            return try await withTaskCancellationHandler {
                try await withCheckedThrowingContinuation { continuation in
                    let result = tasks.withLock { tasks -> Result<(Data, URLResponse), any Error>? in
                        if let result = tasks[task.taskIdentifier]?.result {
                            tasks[task.taskIdentifier] = TaskState(isFinished: true)
                            return result
                        }
                        tasks[task.taskIdentifier, default: TaskState()].waiter = continuation
                        return nil
                    }
                    if let result { continuation.resume(with: result) }
                }
            } onCancel: {
                // swift-corelibs-foundation stops the process when a task it has already finished is cancelled
                // (`TaskRegistry`: "a task that in not in the registry"), so only a task still running is cancelled.
                let isFinished = tasks.withLock {
                    $0[task.taskIdentifier]?.result != nil || $0[task.taskIdentifier]?.isFinished == true
                }
                if !isFinished, task.state == .running || task.state == .suspended { task.cancel() }
            }
        } catch let error as URLError where error.code == .cancelled && Task.isCancelled {
            let target = task.originalRequest?.url?.absoluteString ?? "the server"
            throw SerializationError(
                .cancelled, "The upload to \(SerializationError.quoted(target)) was cancelled", underlyingError: error)
        }
    }

    /// Reports upload progress to the task's handler.
    /// - Parameters:
    ///   - session: The session.
    ///   - task: The task.
    ///   - bytesSent: The bytes sent since the last call.
    ///   - totalBytesSent: The bytes sent so far.
    ///   - totalBytesExpectedToSend: What URLSession expects to send, or a negative number when it does not know.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        didSendBodyData bytesSent: Int64,
        totalBytesSent: Int64,
        totalBytesExpectedToSend: Int64
    ) {
        let (handler, known) = tasks.withLock { tasks in
            (tasks[task.taskIdentifier]?.progress, tasks[task.taskIdentifier]?.total)
        }
        guard let handler else { return }
        let total = known ?? (totalBytesExpectedToSend > 0 ? totalBytesExpectedToSend : nil)
        handler(BodyProgress(completedBytes: totalBytesSent, totalBytes: total))
    }

    /// Hands URLSession a new stream of the task's body.
    /// - Parameters:
    ///   - session: The session.
    ///   - task: The task.
    ///   - completionHandler: Receives the stream, or `nil` when the task has no registered body.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        needNewBodyStream completionHandler: @escaping @Sendable (InputStream?) -> Void
    ) {
        let body = tasks.withLock { $0[task.taskIdentifier]?.body }
        completionHandler(try? body?.makeInputStream())
    }

    /// Follows a redirect with credentials removed when the origin changes; a 301, 302 or 303 after `POST`
    /// becomes a `GET` without body; a 307 or 308 for a request with a body is not followed: the task completes
    /// with that response (URLSession on Linux would resend the request without its body).
    /// - Parameters:
    ///   - session: The session.
    ///   - task: The task.
    ///   - response: The redirect response.
    ///   - request: The request URLSession proposes.
    ///   - completionHandler: Takes the request to follow with, or `nil` to complete with `response`.
    func urlSession(
        _ session: URLSession,
        task: URLSessionTask,
        willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest,
        completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let hasBody = tasks.withLock { $0[task.taskIdentifier]?.body != nil }
        completionHandler(
            UploadRedirectPolicy.redirect(
                response, from: task.currentRequest ?? task.originalRequest, proposed: request, hasBody: hasBody))
    }

    /// Collects response data.
    /// - Parameters:
    ///   - session: The session.
    ///   - dataTask: The task.
    ///   - data: The bytes received.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        tasks.withLock { $0[dataTask.taskIdentifier, default: TaskState()].data.append(data) }
    }

    /// Completes the task's waiter.
    /// - Parameters:
    ///   - session: The session.
    ///   - task: The task.
    ///   - error: The error, or `nil` on success.
    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let result: Result<(Data, URLResponse), any Error>
        if let error {
            result = .failure(error)
        } else if let response = task.response {
            result = .success((Data(), response))
        } else {
            result = .failure(URLError(.badServerResponse))
        }
        let waiter = tasks.withLock { tasks -> (CheckedContinuation<(Data, URLResponse), any Error>, Data)? in
            var state = tasks[task.taskIdentifier] ?? TaskState()
            if let waiter = state.waiter {
                tasks[task.taskIdentifier] = TaskState(isFinished: true)
                return (waiter, state.data)
            }
            state.result = result.map { (state.data, $0.1) }
            state.body = nil
            tasks[task.taskIdentifier] = state
            return nil
        }
        if let (waiter, data) = waiter { waiter.resume(with: result.map { (data, $0.1) }) }
    }
}
