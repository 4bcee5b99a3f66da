import Foundation
import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to an ``OutputDestination`` with no buffering of its own: the tool hands it chunks of at most a few
/// hundred kilobytes, so a large body never sits in memory.
///
/// A file goes through Wireform's `AtomicFileWriter`: a regular file is written to a temporary file that only
/// ``commit()`` puts in place and ``discard()`` (or cancelling the task) removes; an existing FIFO or device is
/// written in place and never removed. Standard output is written directly and never closed.
final class OutputSink {
    /// Why writing failed: the destination and the system's message.
    struct WriteError: Error {
        let message: String
    }

    /// Where the bytes go.
    private enum Target {
        /// Standard output or standard error, never closed.
        case inherited(Int32)
        /// A file, through Wireform's writer; `path` is the path the user gave, for messages, `isSpecial` whether
        /// it is an existing FIFO, device or socket written in place.
        case file(AtomicFileWriter, path: RawPath, isSpecial: Bool)
    }

    private let target: Target
    private var isFinished = false

    /// Standard output.
    static func standardOutput() -> OutputSink { OutputSink(target: .inherited(1)) }

    /// Opens a destination for writing.
    /// - Throws: ``WriteError`` when the file cannot be opened or the temporary file cannot be created.
    static func open(_ destination: OutputDestination) throws(WriteError) -> OutputSink {
        let (path, isSpecial): (RawPath, Bool)
        switch destination {
        case .inherited(let descriptor): return OutputSink(target: .inherited(descriptor))
        case .existingSpecialFile(let special): (path, isSpecial) = (special, true)
        case .regularFile(let regular, _): (path, isSpecial) = (regular, false)
        }
        do {
            let writer = try AtomicFileWriter(fileSystemPath: path.bytes)
            return OutputSink(target: .file(writer, path: path, isSpecial: isSpecial))
        } catch {
            let failure =
                isSpecial
                ? "Cannot open output \(quoted(path))"
                : "Cannot create a temporary file in \(quoted(path.directory)) for output \(quoted(path))"
            throw WriteError(error, failure)
        }
    }

    private init(target: Target) {
        self.target = target
    }

    deinit { discard() }

    /// Writes all of the bytes, retrying short writes and interruptions.
    /// - Throws: ``WriteError`` naming the destination.
    func write(_ bytes: some Collection<UInt8>) throws(WriteError) {
        switch target {
        case .inherited(let descriptor):
            let result = bytes.withContiguousStorageIfAvailable { writeAll(descriptor, UnsafeRawBufferPointer($0)) }
            if let failed = result ?? Array(bytes).withUnsafeBytes({ writeAll(descriptor, $0) }) { throw failed }
        case .file(let file, let path, let isSpecial):
            do {
                try file.write(bytes)
            } catch {
                throw WriteError(
                    error,
                    isSpecial ? "Cannot write to output \(quoted(path))" : "Cannot write to output file \(quoted(path))"
                )
            }
        }
    }

    /// Writes every byte to standard output or standard error; the error, or `nil`.
    // write(2) takes a pointer; the caller's buffer is valid for this call.
    private func writeAll(_ descriptor: Int32, _ buffer: UnsafeRawBufferPointer) -> WriteError? {
        var offset = 0
        while offset < buffer.count {
            guard let base = buffer.baseAddress else { return nil }
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                let name = descriptor == 2 ? "standard error" : "standard output"
                return WriteError(message: "Cannot write to \(name): \(systemMessage())")
            }
            offset += written
        }
        return nil
    }

    /// Finishes the output: renames a temporary file into place, closes a special file.
    /// - Throws: ``WriteError`` when closing or renaming fails (a temporary file is then removed).
    func commit() throws(WriteError) {
        guard !isFinished else { return }
        isFinished = true
        guard case .file(let file, let path, let isSpecial) = target else { return }
        do {
            try file.commit()
        } catch {
            throw WriteError(
                error,
                isSpecial ? "Cannot write to output \(quoted(path))" : "Cannot move the output into \(quoted(path))")
        }
    }

    /// Abandons the output after a failure: a temporary file is removed, an existing file is left as it is.
    func discard() {
        guard !isFinished else { return }
        isFinished = true
        if case .file(let file, _, _) = target { file.discard() }
    }
}

extension OutputSink.WriteError {
    /// `FAILURE: REASON`: the system's message for a Wireform write failure that carries a `POSIXError`, else
    /// Wireform's own reason (a cancelled write, a FIFO replaced while it was opened).
    init(_ error: SerializationError, _ failure: String) {
        let posix = error.underlyingError as? POSIXError
        message = "\(failure): \(posix.map { systemMessage($0.code.rawValue) } ?? error.description)"
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
