#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file body's source: a path checked when the body was made, and the size the file had then.
struct BodyFile: Sendable {
    let path: String
    let size: Int64

    init(url: URL) throws(SerializationError) {
        guard url.isFileURL else {
            throw SerializationError(
                .fileUnavailable,
                "Cannot read \(SerializationError.quoted(url.absoluteString)): not a file URL"
            )
        }
        let path = url.path
        self.path = path
        switch SystemFile.status(ofPath: path) {
        case .regularFile(let size):
            self.size = size
        case .directory:
            throw SerializationError(
                .fileUnavailable, "Cannot read \(SerializationError.quoted(path)): it is a directory")
        case .notRegular:
            throw SerializationError(
                .fileUnavailable, "Cannot read \(SerializationError.quoted(path)): not a regular file")
        case .failed(let code):
            throw Self.unavailable(path, code)
        }
        let descriptor = SystemFile.openForReading(path)
        guard descriptor >= 0 else { throw Self.unavailable(path, -descriptor) }
        SystemFile.close(descriptor)
    }

    static func unavailable(_ path: String, _ code: Int32) -> SerializationError {
        SerializationError(
            .fileUnavailable, "Cannot read \(SerializationError.quoted(path)): \(SystemFile.errorText(code))")
    }
}
