import Wireform

/// Reads a file part: checks that the file still has the size it had when it was appended, reads it in large
/// chunks and fails if it ends early or keeps going past that size.
final class FilePartReader {
    private let file: MultipartFile
    private let label: String
    private var descriptor: Int32 = -1
    private var remaining: Int64
    private var isFinished = false

    init(file: MultipartFile, label: String) {
        self.file = file
        self.label = label
        remaining = file.size
    }

    deinit { closeFile() }

    /// Reads into `destination`, using `buffer` for small requests; returns `0` once the file is complete.
    func read(into destination: UnsafeMutableRawBufferPointer, buffer: ReadBuffer) throws(SerializationError) -> Int {
        if buffer.buffered > 0 { return buffer.drain(into: destination) }
        if isFinished { return 0 }
        if descriptor < 0 { try openFile() }
        if remaining == 0 {
            try checkEndOfFile(buffer: buffer)
            return 0
        }
        guard let target = destination.baseAddress, let storage = buffer.storage.baseAddress else { return 0 }
        // Read straight into the caller's buffer unless it is small: no copy through our own buffer.
        if destination.count >= ReadBuffer.directReadMinimum {
            let count = try readFile(into: target, count: Int(min(Int64(destination.count), remaining)))
            return count
        }
        let count = try readFile(into: storage, count: Int(min(Int64(buffer.storage.count), remaining)))
        buffer.start = 0
        buffer.end = count
        return buffer.drain(into: destination)
    }

    private func openFile() throws(SerializationError) {
        let opened = SystemFile.openForReading(file.path)
        guard opened >= 0 else { throw MultipartFile.unavailable(file.path, -opened) }
        descriptor = opened
        switch SystemFile.status(ofDescriptor: opened) {
        case .regularFile(let size) where size == file.size:
            return
        case .regularFile(let size):
            throw lengthMismatch("changed size since it was appended (\(file.size) → \(size) bytes)")
        case .failed(let code):
            throw MultipartFile.unavailable(file.path, code)
        case .directory, .notRegular:
            throw SerializationError(
                .fileUnavailable,
                "Cannot read \(HTTPToken.quoted(file.path)) for \(label): it is no longer a regular file"
            )
        }
    }

    private func readFile(into target: UnsafeMutableRawPointer, count: Int) throws(SerializationError) -> Int {
        let result = SystemFile.read(descriptor, into: target, count: count)
        if result < 0 {
            throw SerializationError(
                .streamFailed,
                "Reading \(HTTPToken.quoted(file.path)) for \(label) failed: \(SystemFile.errorText(Int32(-result)))"
            )
        }
        if result == 0 {
            throw lengthMismatch("ended after \(file.size - remaining) of \(file.size) bytes")
        }
        remaining -= Int64(result)
        return result
    }

    /// A file that grew since it was appended would be truncated silently: read one more byte to be sure.
    private func checkEndOfFile(buffer: ReadBuffer) throws(SerializationError) {
        guard let storage = buffer.storage.baseAddress else { return }
        let result = SystemFile.read(descriptor, into: storage, count: 1)
        if result > 0 { throw lengthMismatch("grew past the \(file.size) bytes it had when it was appended") }
        if result < 0 {
            throw SerializationError(
                .streamFailed,
                "Reading \(HTTPToken.quoted(file.path)) for \(label) failed: \(SystemFile.errorText(Int32(-result)))"
            )
        }
        isFinished = true
        closeFile()
    }

    private func lengthMismatch(_ detail: String) -> SerializationError {
        closeFile()
        isFinished = true
        return SerializationError(.lengthMismatch, "The file \(HTTPToken.quoted(file.path)) for \(label) \(detail)")
    }

    private func closeFile() {
        if descriptor >= 0 {
            SystemFile.close(descriptor)
            descriptor = -1
        }
    }
}
