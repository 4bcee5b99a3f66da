/// Reads a file body: checks that the file still has the size it had when the body was made and, on a replay, that
/// it is the version the first reading read (``BodyFile/checkSameVersion(_:)``), reads it in large chunks straight
/// into the caller's buffer, and fails, naming the file, if it ends early or keeps going.
final class FileBodyReader: BodyReader {
    private let file: BodyFile
    private var descriptor: Int32 = -1
    private var remaining: Int64
    private var isFinished = false
    /// The error that ended the body, thrown again by every later read.
    private var failure: SerializationError?
    /// Made on the first read into a destination smaller than ``ReadBuffer/directReadMinimum``.
    private var buffer: ReadBuffer?

    init(file: BodyFile) {
        self.file = file
        remaining = file.size
    }

    deinit { closeFile() }

    /// Reads into `destination`, through a buffer for small requests; returns `0` once the file is complete.
    // BodyReader's raw buffer: large destinations are filled by read(2) directly, without a copy.
    func read(into destination: UnsafeMutableRawBufferPointer) throws(SerializationError) -> Int {
        if let failure { throw failure }
        if let buffer, buffer.buffered > 0 { return buffer.drain(into: destination) }
        if isFinished { return 0 }
        if descriptor < 0 { try openFile() }
        if remaining == 0 {
            try checkEndOfFile()
            return 0
        }
        guard let target = destination.baseAddress else { return 0 }
        // Read straight into the caller's buffer unless it is small: no copy through our own buffer.
        if destination.count >= ReadBuffer.directReadMinimum {
            return try readFile(into: target, count: Int(min(Int64(destination.count), remaining)))
        }
        let buffer = self.buffer ?? ReadBuffer()
        self.buffer = buffer
        guard let storage = buffer.storage.baseAddress else { return 0 }
        let count = try readFile(into: storage, count: Int(min(Int64(buffer.storage.count), remaining)))
        buffer.start = 0
        buffer.end = count
        return buffer.drain(into: destination)
    }

    private func openFile() throws(SerializationError) {
        let opened = SystemFile.openForReading(file.path)
        guard opened >= 0 else { throw fail(BodyFile.unavailable(file.path, -opened)) }
        descriptor = opened
        switch SystemFile.status(ofDescriptor: opened) {
        case .regularFile(let size) where size == file.size:
            guard let version = SystemFile.version(ofDescriptor: opened) else {
                throw fail(BodyFile.unavailable(file.path, SystemFile.lastErrorCode))
            }
            do {
                try file.checkSameVersion(version)
            } catch {
                throw fail(error)
            }
        case .regularFile(let size):
            throw lengthMismatch("changed size since the body was made (\(file.size) → \(size) bytes)")
        case .failed(let code):
            throw fail(BodyFile.unavailable(file.path, code))
        case .directory, .notRegular:
            throw fail(
                SerializationError(
                    .fileUnavailable,
                    "Cannot read \(SerializationError.quoted(file.path)): it is no longer a regular file"
                ))
        }
    }

    // read(2) takes a raw pointer; callers pass `count` bytes they own (a destination or the ReadBuffer).
    private func readFile(into target: UnsafeMutableRawPointer, count: Int) throws(SerializationError) -> Int {
        let result = SystemFile.read(descriptor, into: target, count: count)
        if result < 0 { throw readFailed(Int32(-result)) }
        if result == 0 {
            throw lengthMismatch("ended after \(file.size - remaining) of \(file.size) bytes")
        }
        remaining -= Int64(result)
        // Check the end now, before these last bytes go out: a consumer that stops at the declared length (a
        // client that has sent `Content-Length` bytes and already holds the response) would never ask again.
        if remaining == 0 { try checkEndOfFile() }
        return result
    }

    /// A file that grew since the body was made would be truncated silently: read one more byte to be sure.
    private func checkEndOfFile() throws(SerializationError) {
        var probe: UInt8 = 0
        // read(2) needs a pointer: a one-byte stack buffer for the end-of-file probe.
        let result = withUnsafeMutableBytes(of: &probe) { probe in
            guard let base = probe.baseAddress else { return 0 }
            return SystemFile.read(descriptor, into: base, count: 1)
        }
        if result > 0 { throw lengthMismatch("grew past the \(file.size) bytes it had when the body was made") }
        if result < 0 { throw readFailed(Int32(-result)) }
        isFinished = true
        closeFile()
    }

    private func readFailed(_ code: Int32) -> SerializationError {
        fail(
            SerializationError(
                .streamFailed,
                "Reading \(SerializationError.quoted(file.path)) failed: \(SystemFile.errorText(code))"
            ))
    }

    private func lengthMismatch(_ detail: String) -> SerializationError {
        fail(SerializationError(.lengthMismatch, "The file \(SerializationError.quoted(file.path)) \(detail)"))
    }

    /// Closes the file and records the error, so the body never goes on past it.
    private func fail(_ error: SerializationError) -> SerializationError {
        closeFile()
        failure = error
        return error
    }

    private func closeFile() {
        if descriptor >= 0 {
            SystemFile.close(descriptor)
            descriptor = -1
        }
    }
}
