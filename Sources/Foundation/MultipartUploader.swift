public import Foundation
public import Wireform
public import WireformMultipart

#if canImport(FoundationNetworking)
    public import FoundationNetworking
#endif

/// Uploads a ``WireformMultipart/MultipartForm`` with URLSession, on Linux and Apple platforms, with an exact `Content-Length`.
///
/// Small forms (up to the `inMemoryThreshold` given to ``init(session:inMemoryThreshold:temporaryDirectory:)``, 4 MiB
/// by default) are encoded in memory and sent with `upload(from:)`. Larger ones are written to a temporary file, sent
/// with `uploadTask(with:fromFile:)` (which sends a real `Content-Length` and streams from disk on both platforms), and
/// the file is removed afterwards.
///
/// ```swift
/// let uploader = MultipartUploader()
/// var request = URLRequest(url: URL(string: "https://example.com/upload")!)
/// request.httpMethod = "POST"
/// let (data, response) = try await uploader.upload(form, with: request)
/// ```
///
/// ``streamingUpload(_:with:progress:)`` sends the body as a stream instead, with no temporary file; URLSession on Linux
/// then always uses `Transfer-Encoding: chunked`, so no `Content-Length` is set there.
///
/// Both follow redirects through a `BodyStreamProvider`: credentials never go to another origin, a `POST`
/// redirected by 301, 302 or 303 becomes a `GET` without body, and a 307 or 308 is returned to the caller rather than
/// followed (URLSession on Linux would resend the request without its body).
///
/// On Linux, a server that resets the connection while a large form is being sent from its temporary file can
/// make FoundationNetworking stop the process (a `try!` in swift-corelibs-foundation's libcurl handle, not in
/// Wireform). For servers and untrusted peers on Linux use `WireformAsyncHTTPClient`, which reports the reset as
/// an error; the `wireform` tool speaks HTTP itself and is not affected.
public struct MultipartUploader: Sendable {
    /// The session used for in-memory and file uploads.
    package let session: URLSession
    /// The largest body, in bytes, that is encoded in memory; larger ones go through a temporary file.
    package let inMemoryThreshold: Int64
    /// Where temporary body files are written.
    package let temporaryDirectory: URL

    /// Creates an uploader.
    /// - Parameters:
    ///   - session: The session for in-memory and file uploads.
    ///   - inMemoryThreshold: The largest body encoded in memory, in bytes; 4 MiB by default.
    ///   - temporaryDirectory: Where temporary body files are written.
    public init(
        session: URLSession = .shared,
        inMemoryThreshold: Int64 = 4 << 20,
        temporaryDirectory: URL = FileManager.default.temporaryDirectory
    ) {
        self.session = session
        self.inMemoryThreshold = inMemoryThreshold
        self.temporaryDirectory = temporaryDirectory
    }

    /// Uploads a form with an exact `Content-Length`, from memory or from a temporary file.
    ///
    /// Cancelling the calling task cancels the upload: it throws ``Wireform/SerializationError/Code/cancelled`` and
    /// leaves no temporary file.
    ///
    /// ```swift
    /// let upload = Task {
    ///     try await uploader.upload(form, with: request) { progress in
    ///         print(progress.completedBytes, "of", progress.totalBytes ?? -1)
    ///     }
    /// }
    /// upload.cancel()  // when the user taps Cancel
    /// ```
    /// - Parameters:
    ///   - form: The form.
    ///   - request: The request; its method, URL and headers are kept, and `Content-Type` and `Content-Length`
    ///     are set from the form.
    ///   - progress: Called, on a URLSession queue, with the bytes sent so far and the body's exact length, each
    ///     time URLSession reports some; `nil` (the default) for none. The request keeps its `Content-Length`.
    /// - Returns: The response body and the response.
    /// - Throws: ``Wireform/SerializationError`` when the body cannot be produced or the upload is cancelled, or the
    ///   URLSession error.
    public func upload(
        _ form: MultipartForm,
        with request: URLRequest,
        progress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> (Data, URLResponse) {
        var request = request
        let serialized = form.serializedBody
        request.setValue(serialized.contentType.description, forHTTPHeaderField: "Content-Type")
        if serialized.body.supportsSynchronousReading, case .known(let length) = serialized.body.length,
            length <= inMemoryThreshold
        {
            let data = Data(try form.encodedBytes())
            request.setValue(String(data.count), forHTTPHeaderField: "Content-Length")
            return try await perform(progress: progress, total: Int64(data.count)) {
                $0.uploadTask(with: request, from: data)
            }
        }
        let file = temporaryDirectory.appendingPathComponent("wireform-upload-\(UUID().uuidString).multipart")
        defer { try? FileManager.default.removeItem(at: file) }
        try await serialized.body.write(to: file)
        let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? NSNumber
        request.setValue(size.map { "\($0.int64Value)" }, forHTTPHeaderField: "Content-Length")
        return try await perform(progress: progress, total: size?.int64Value) {
            $0.uploadTask(with: request, fromFile: file)
        }
    }

    /// Uploads a form as a stream, made again whenever URLSession asks (redirects, authentication).
    ///
    /// Uses its own session with a `BodyStreamProvider` as delegate, built from the uploader's session's
    /// configuration. On Apple platforms the request carries the exact `Content-Length`; on Linux, where URLSession always sends a
    /// stream chunked, it carries none.
    /// - Parameters:
    ///   - form: The form; it must not have parts made from async sequences.
    ///   - request: The request; `Content-Type` (and `Content-Length` on Apple platforms) are set from the form.
    ///   - progress: Called, on a URLSession queue, with the bytes sent so far and the form's length each time
    ///     URLSession reports some; `nil` (the default) for none. Cancelling the calling task cancels the upload.
    /// - Returns: The response body and the response.
    /// - Throws: ``Wireform/SerializationError/Code/unsupportedBody`` for an async form,
    ///   ``Wireform/SerializationError/Code/cancelled`` when cancelled, or the URLSession error.
    public func streamingUpload(
        _ form: MultipartForm,
        with request: URLRequest,
        progress: (@Sendable (BodyProgress) -> Void)? = nil
    ) async throws -> (Data, URLResponse) {
        let serialized = form.serializedBody
        let body = serialized.body
        guard body.supportsSynchronousReading else {
            throw SerializationError(
                .unsupportedBody,
                "This form has a part made from an async sequence and cannot be streamed through URLSession"
            )
        }
        let request = Self.streamedRequest(request, contentType: serialized.contentType, length: body.length)
        let provider = BodyStreamProvider()
        let streamingSession = URLSession(configuration: session.configuration, delegate: provider, delegateQueue: nil)
        defer { streamingSession.finishTasksAndInvalidate() }
        let task = streamingSession.uploadTask(withStreamedRequest: request)
        provider.register(body, for: task)
        if let progress {
            let total: Int64? = if case .known(let count) = body.length { count } else { nil }
            provider.register(progress: progress, total: total, for: task)
        }
        task.resume()
        return try await provider.response(for: task)
    }

    /// A request for a streamed body: `Content-Type` set, `Content-Length` only where URLSession honours it.
    static func streamedRequest(_ request: URLRequest, contentType: ContentType, length: MessageBody.Length)
        -> URLRequest
    {
        var request = request
        request.setValue(contentType.description, forHTTPHeaderField: "Content-Type")
        #if canImport(Darwin)
            if case .known(let count) = length {
                request.setValue(String(count), forHTTPHeaderField: "Content-Length")
            }
        #else
            // Linux sends streams chunked; a Content-Length as well makes some servers answer 400.
            request.setValue(nil, forHTTPHeaderField: "Content-Length")
        #endif
        return request
    }

    /// Runs a task on a session built from the uploader's session's configuration with a `BodyStreamProvider` as
    /// delegate, so redirects follow `BodyStreamProvider`'s rules.
    private func perform(
        progress: (@Sendable (BodyProgress) -> Void)?,
        total: Int64?,
        _ makeTask: (URLSession) -> URLSessionTask
    ) async throws -> (Data, URLResponse) {
        let provider = BodyStreamProvider()
        let guardedSession = URLSession(configuration: session.configuration, delegate: provider, delegateQueue: nil)
        defer { guardedSession.finishTasksAndInvalidate() }
        let task = makeTask(guardedSession)
        if let progress { provider.register(progress: progress, total: total, for: task) }
        task.resume()
        return try await provider.response(for: task)
    }
}
