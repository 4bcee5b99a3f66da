#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes bytes to an ``OutputDestination`` through `write(2)`, with no buffering of its own: the tool hands it
/// chunks of at most a few hundred kilobytes, so a large body never sits in memory.
///
/// Nothing is final until ``commit()``: a regular file is written to a temporary file that only `commit` renames
/// into place, and ``discard()`` removes it. Standard output and existing special files are written directly and
/// never removed.
final class OutputSink {
    /// Why writing failed: the destination and the system's message.
    struct WriteError: Error {
        let message: String
    }

    private enum Target {
        case inherited(Int32)
        case specialFile(Int32, path: RawPath)
        case temporary(TemporaryOutputFile)
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
            let temporary = try TemporaryOutputFile(
                destination: file.path, displayPath: file.displayPath, existing: file.existing)
            return OutputSink(target: .temporary(temporary))
        }
    }

    private init(target: Target) {
        self.target = target
    }

    deinit { discard() }

    /// Writes all of the bytes, retrying short writes and interruptions.
    /// - Throws: ``WriteError`` naming the destination.
    func write(_ bytes: some Collection<UInt8>) throws(WriteError) {
        let result = bytes.withContiguousStorageIfAvailable { buffer in writeAll(UnsafeRawBufferPointer(buffer)) }
        let failed = result ?? Array(bytes).withUnsafeBytes { writeAll($0) }
        if let failed { throw failed }
    }

    private var descriptor: Int32 {
        switch target {
        case .inherited(let descriptor), .specialFile(let descriptor, _): return descriptor
        case .temporary(let file): return file.descriptor
        }
    }

    private var name: String {
        switch target {
        case .inherited(let descriptor): return descriptor == 2 ? "standard error" : "standard output"
        case .specialFile(_, let path): return "output \(quoted(path))"
        case .temporary(let file): return "output file \(quoted(file.displayPath))"
        }
    }

    private func writeAll(_ buffer: UnsafeRawBufferPointer) -> WriteError? {
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
        case .temporary(var file):
            try file.commit()
            target = .temporary(file)
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
        case .temporary(var file):
            file.discard()
            target = .temporary(file)
        }
    }
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
