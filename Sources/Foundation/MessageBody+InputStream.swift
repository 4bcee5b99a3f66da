public import Foundation
public import Wireform

extension MessageBody {
    /// A streamed body read from an `InputStream` made fresh for each use (redirects and authentication retries
    /// replay the body).
    ///
    /// The stream is opened on the first read and closed at its end. A stream that fails ends the body with its
    /// `streamError`; with a known length, a stream that produces fewer or more bytes ends the body with
    /// ``SerializationError/Code/lengthMismatch``.
    ///
    /// ```swift
    /// let body = MessageBody(length: .known(size)) { InputStream(url: url)! }
    /// ```
    /// - Parameters:
    ///   - length: The stream's size, when known (sent as `Content-Length`).
    ///   - makeStream: Makes an unopened stream positioned at its start; called once per use.
    public init(length: Length, makeStream: @escaping @Sendable () throws -> InputStream) {
        self.init(length: length) { InputStreamBodyReader(try makeStream()) }
    }
}
