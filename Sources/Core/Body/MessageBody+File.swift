#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension MessageBody {
    /// A body read from a file each time it is used, in large chunks straight into the consumer's buffer.
    ///
    /// The file is checked now: it must be a regular file that can be opened for reading. Its size now is the
    /// body's ``length`` (sent as `Content-Length`). A file that has another size when it is read, grows or ends
    /// early while it is read, or is no longer a regular file fails the body with a ``SerializationError`` that
    /// names the file (``SerializationError/Code/lengthMismatch``, ``SerializationError/Code/fileUnavailable`` or
    /// ``SerializationError/Code/streamFailed``), never with a short or a long body.
    ///
    /// ```swift
    /// let body = try MessageBody(fileAt: URL(filePath: "/tmp/upload.bin"))
    /// ```
    /// - Parameter url: A file URL.
    /// - Throws: ``SerializationError/Code/fileUnavailable`` when the URL is not a file URL or the file is missing,
    ///   is a directory or another non-regular file, or cannot be opened for reading.
    public init(fileAt url: URL) throws(SerializationError) {
        let file = try BodyFile(url: url)
        self.init(length: .known(file.size)) { FileBodyReader(file: file) }
    }
}
