#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file body's source: a path checked when the body was made, the size the file had then, and the version of the
/// file its first reading opened, which every later reading must open again.
struct BodyFile: Sendable {
    let path: String
    let size: Int64
    /// The version of the file the body's first reading opened (`nil` until then), shared by every copy of the
    /// body: a replay (a redirect, an authentication retry) must read the very bytes the first reading read.
    private let firstReading = Lock<SystemFile.Version?>(nil)

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

    /// Records the version of the file the body's first reading opened, or checks that a later reading opened
    /// the same one: a file edited in place, even to the same size, or replaced, would give other bytes.
    /// - Parameter version: The version the reading opened.
    /// - Throws: ``SerializationError/Code/fileChanged`` naming the file when it is not the one first read.
    func checkSameVersion(_ version: SystemFile.Version) throws(SerializationError) {
        let first = firstReading.withLock { first in
            if first == nil { first = version }
            return first
        }
        guard let first, first != version else { return }
        let change = first.device == version.device && first.inode == version.inode ? "was modified" : "was replaced"
        throw SerializationError(
            .fileChanged,
            "The file \(SerializationError.quoted(path)) \(change) since the body first read it, so the same body "
                + "cannot be produced again"
        )
    }

    static func unavailable(_ path: String, _ code: Int32) -> SerializationError {
        SerializationError(
            .fileUnavailable, "Cannot read \(SerializationError.quoted(path)): \(SystemFile.errorText(code))")
    }
}
