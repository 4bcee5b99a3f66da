public import OpenAPIRuntime
public import Wireform

extension HTTPBody {
    /// A Wireform body as an OpenAPI body: the same bytes and length, iterable as often as the Wireform body can
    /// be produced.
    ///
    /// A body held in memory becomes a body of bytes. A streamed body (a file, a multipart form) is produced in
    /// chunks of `chunkSize` bytes, with `.known(n)` length when Wireform knows it, and
    /// `.multiple` when it ``Wireform/MessageBody/isReplayable``, so a transport
    /// or a retry middleware may send it again.
    ///
    /// ```swift
    /// var form = MultipartForm()
    /// try form.append(fileAt: reportURL, name: "report")
    /// let body = HTTPBody(form.serializedBody.body)
    /// ```
    /// - Parameters:
    ///   - body: The Wireform body.
    ///   - chunkSize: The size of each streamed chunk, in bytes; 1 MiB by default.
    public convenience init(_ body: MessageBody, chunkSize: Int = 1 << 20) {
        if let bytes = body.bytes {
            self.init(bytes)
            return
        }
        let length: HTTPBody.Length
        switch body.length {
        case .known(let count): length = .known(count)
        case .unknown: length = .unknown
        }
        self.init(
            body.chunks(chunkSize: chunkSize), length: length,
            iterationBehavior: body.isReplayable ? .multiple : .single)
    }
}

extension MessageBody {
    /// An OpenAPI body as a Wireform body, for a multipart part or a request Wireform sends.
    ///
    /// The length carries over, and a `.known(n)` length is enforced as the body streams. A body that can be
    /// iterated once (`.single`) becomes a single-use body: not
    /// ``Wireform/MessageBody/isReplayable``, and a second read throws
    /// ``Wireform/SerializationError/Code/bodyAlreadyConsumed``.
    ///
    /// ```swift
    /// try form.append(MessageBody(responseBody), name: "attachment", fileName: "report.pdf")
    /// ```
    /// - Parameter body: The OpenAPI body.
    public init(_ body: HTTPBody) {
        let length: MessageBody.Length
        switch body.length {
        case .known(let count): length = .known(count)
        case .unknown: length = .unknown
        }
        switch body.iterationBehavior {
        case .multiple: self.init(length: length) { body }
        case .single: self.init(length: length, singleUse: body)
        }
    }
}
