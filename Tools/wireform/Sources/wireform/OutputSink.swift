import Foundation
import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to an ``OutputDestination`` through `write(2)`, with no buffering of its own: the tool hands it
/// chunks of at most a few hundred kilobytes, so a large body never sits in memory.
///
/// Nothing is final until ``commit()``: a regular file is written through Wireform's `AtomicFileWriter`, to a
/// temporary file that only `commit` puts in place and ``discard()`` (or cancelling the task) removes. Standard
/// output and existing special files are written directly and never removed.
final class OutputSink {
    /// Why writing failed: the destination and the system's message.
    struct WriteError: Error {
        let message: String
    }

    /// Where the bytes go.
    private enum Target {
        /// Standard output or standard error, never closed.
        case inherited(Int32)
        /// An existing FIFO, device or socket, opened in place.
        case specialFile(Int32, path: RawPath)
        /// A regular file, through Wireform's writer; `displayPath` is the path the user gave, for messages.
        case temporary(AtomicFileWriter, displayPath: RawPath)
    }

    private var target: Target
    private var isFinished = false

    /// Standard output.
    static func standardOutput() -> OutputSink { OutputSink(target: .inherited(1)) }

    /// Opens a destination for writing.
    /// - Throws: ``WriteError`` when the file cannot be opened or the temporary file cannot be created.
    static func open(_ destination: OutputDestination) throws(WriteError) -> OutputSink {
        switch destination {
        case .inherited(let descriptor):
            return OutputSink(target: .inherited(descriptor))
        case .existingSpecialFile(let path):
            // No O_CREAT, no O_TRUNC: the file exists and keeps whatever it is.
            let descriptor = openForWriting(path)
            guard descriptor >= 0 else {
                throw WriteError(message: "Cannot open output \(quoted(path)): \(systemMessage())")
            }
            guard FileIdentity(descriptor: descriptor)?.type != S_IFREG else {
                // Replaced by a regular file since it was examined: writing in place would overwrite it.
                _ = close(descriptor)
                throw WriteError(message: "Output \(quoted(path)) changed while it was being opened; try again")
            }
            return OutputSink(target: .specialFile(descriptor, path: path))
        case .regularFile(let file):
            do {
                let writer = try AtomicFileWriter(fileSystemPath: file.path.bytes)
                return OutputSink(target: .temporary(writer, displayPath: file.displayPath))
            } catch {
                throw WriteError(
                    message: "Cannot create a temporary file in \(quoted(file.path.directory)) for output "
                        + "\(quoted(file.displayPath)): \(systemMessage(of: error))")
            }
        }
    }

    private init(target: Target) {
        self.target = target
    }

    deinit { discard() }

    /// Writes all of the bytes, retrying short writes and interruptions.
    /// - Throws: ``WriteError`` naming the destination.
    func write(_ bytes: some Collection<UInt8>) throws(WriteError) {
        if case .temporary(let file, let displayPath) = target {
            do {
                return try file.write(bytes)
            } catch {
                throw WriteError(
                    message: "Cannot write to output file \(quoted(displayPath)): \(systemMessage(of: error))")
            }
        }
        let result = bytes.withContiguousStorageIfAvailable { buffer in writeAll(UnsafeRawBufferPointer(buffer)) }
        let failed = result ?? Array(bytes).withUnsafeBytes { writeAll($0) }
        if let failed { throw failed }
    }

    /// Where standard output or a special file is written, and its name for messages.
    private var descriptorAndName: (Int32, String) {
        switch target {
        case .inherited(let descriptor): return (descriptor, descriptor == 2 ? "standard error" : "standard output")
        case .specialFile(let descriptor, let path): return (descriptor, "output \(quoted(path))")
        case .temporary: return (-1, "")
        }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> WriteError? {
        let (descriptor, name) = descriptorAndName
        var offset = 0
        while offset < buffer.count {
            guard let base = buffer.baseAddress else { return nil }
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
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
        switch target {
        case .inherited:
            return
        case .specialFile(let descriptor, let path):
            guard close(descriptor) == 0 else {
                throw WriteError(message: "Cannot write to output \(quoted(path)): \(systemMessage())")
            }
        case .temporary(let file, let displayPath):
            do {
                try file.commit()
            } catch {
                throw WriteError(
                    message: "Cannot move the output into \(quoted(displayPath)): \(systemMessage(of: error))")
            }
        }
    }

    /// Abandons the output after a failure: a temporary file is removed, an existing file is left as it is.
    func discard() {
        guard !isFinished else { return }
        isFinished = true
        switch target {
        case .inherited:
            return
        case .specialFile(let descriptor, _):
            _ = close(descriptor)
        case .temporary(let file, _):
            file.discard()
        }
    }
}

/// The system's message for a Wireform write failure (its `POSIXError`), else its reason.
private func systemMessage(of error: any Error) -> String {
    let failure = error as? SerializationError
    return (failure?.underlyingError as? POSIXError).map { systemMessage($0.code.rawValue) } ?? "\(error)"
}

private func openForWriting(_ path: RawPath) -> Int32 {
    while true {
        let descriptor = path.withCString { open($0, O_WRONLY | O_NOCTTY | O_CLOEXEC) }
        if descriptor >= 0 || errno != EINTR { return descriptor }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
