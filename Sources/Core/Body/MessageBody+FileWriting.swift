#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension MessageBody {
    /// Writes the body to a file, for servers that need a `Content-Length` with a file upload (S3, for example)
    /// or for `URLSession.uploadTask(with:fromFile:)`.
    ///
    /// The body is written in large chunks through an ``AtomicFileWriter``: to a temporary file next to the
    /// destination, which is put in place only when the body is complete. On any failure — a part that fails, a full
    /// disk, a file-size limit, cancellation of the task — the temporary file is removed and the destination is left
    /// untouched.
    ///
    /// With `replacingExisting: false` (AFNetworking's `requestWithMultipartFormRequest:writingStreamContentsToFile:`
    /// callers who must not overwrite), an existing destination is an error before anything is written, and the
    /// finished file is put in place with `link(2)`, which refuses atomically when a file appeared there meanwhile.
    ///
    /// What is not a regular file is never replaced: an existing FIFO, character device or socket is written in
    /// place (opened without truncating it, closed and kept however the write ends; what was written into it
    /// before a failure cannot be taken back); a symbolic link is followed, as the shell's `>` follows it, so the
    /// file it leads to is replaced and the link stays; a symbolic link to nothing and a directory are errors.
    /// With `replacingExisting: false` any of them at the destination is an error.
    ///
    /// ```swift
    /// try await form.serializedBody.body.write(to: uploadFileURL)
    /// ```
    ///
    /// > Important: A process that exceeds `RLIMIT_FSIZE` is killed by `SIGXFSZ` unless it ignores that signal;
    /// > ignore it (`signal(SIGXFSZ, SIG_IGN)`) to get ``SerializationError/Code/writeFailed`` instead.
    /// - Parameters:
    ///   - destination: A file URL.
    ///   - chunkSize: The size of each read and write, in bytes; 1 MiB by default.
    ///   - replacingExisting: Whether an existing file at `destination` is replaced (the default) or is an error.
    /// - Throws: ``SerializationError/Code/writeFailed`` when the file cannot be created, written or renamed, is a
    ///   directory or a symbolic link to nothing, or exists and `replacingExisting` is `false`,
    ///   ``SerializationError/Code/cancelled`` when the task is cancelled, or the error that producing the body
    ///   threw.
    public func write(to destination: URL, chunkSize: Int = 1 << 20, replacingExisting: Bool = true) async throws {
        let file = try AtomicFileWriter(destination: destination, replacingExisting: replacingExisting)
        do {
            let written = try await writeChunks(to: file, chunkSize: max(1, chunkSize))
            if case .known(let expected) = length, expected != written {
                throw SerializationError(
                    .lengthMismatch,
                    "The body produced \(written) bytes instead of the \(expected) it announced"
                )
            }
            try file.commit()
        } catch {
            file.discard()
            if Task.isCancelled, (error as? SerializationError)?.code != .cancelled {
                throw SerializationError(
                    .cancelled,
                    "Writing \(SerializationError.quoted(destination.path)) was cancelled",
                    underlyingError: error
                )
            }
            throw error
        }
    }

    private func writeChunks(to file: AtomicFileWriter, chunkSize: Int) async throws -> Int64 {
        var written: Int64 = 0
        if supportsSynchronousReading {
            var reader = try makeReader()
            var buffer = [UInt8](repeating: 0, count: chunkSize)
            while true {
                try Task.checkCancellation()
                // The reader protocol takes a raw buffer: the reused chunk's storage, no extra copy.
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { return written }
                try file.write(buffer[..<count])
                written += Int64(count)
                await Task.yield()
            }
        }
        for try await chunk in chunks(chunkSize: chunkSize) {
            try file.write(chunk)
            written += Int64(chunk.count)
        }
        return written
    }
}
