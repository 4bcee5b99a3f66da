#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension MessageBody {
    /// Writes the body to a file, for servers that need a `Content-Length` with a file upload (S3, for example)
    /// or for `URLSession.uploadTask(with:fromFile:)`.
    ///
    /// The body is written in large chunks to a temporary file next to the destination, which is renamed to the
    /// destination only when the body is complete. On any failure — a part that fails, a full disk, a file-size
    /// limit, cancellation of the task — the temporary file is removed and the destination is left untouched.
    ///
    /// With `replacingExisting: false` (AFNetworking's `requestWithMultipartFormRequest:writingStreamContentsToFile:`
    /// callers who must not overwrite), an existing destination is an error before anything is written, and the
    /// finished file is put in place with `link(2)`, which refuses atomically when a file appeared there meanwhile.
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
    /// - Throws: ``SerializationError/Code/writeFailed`` when the file cannot be created, written or renamed, or
    ///   exists and `replacingExisting` is `false`,
    ///   ``SerializationError/Code/cancelled`` when the task is cancelled, or the error that producing the body
    ///   threw.
    public func write(to destination: URL, chunkSize: Int = 1 << 20, replacingExisting: Bool = true) async throws {
        guard destination.isFileURL else {
            throw SerializationError(
                .writeFailed,
                "Cannot write to \(SerializationError.quoted(destination.absoluteString)): not a file URL"
            )
        }
        if !replacingExisting { try TemporaryBodyFile.refuseExisting(destination.path) }
        var file = try TemporaryBodyFile(destination: destination.path, replacingExisting: replacingExisting)
        do {
            let written = try await writeChunks(to: &file, chunkSize: max(1, chunkSize))
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

    private func writeChunks(to file: inout TemporaryBodyFile, chunkSize: Int) async throws -> Int64 {
        var written: Int64 = 0
        if supportsSynchronousReading {
            var reader = try makeReader()
            var buffer = [UInt8](repeating: 0, count: chunkSize)
            while true {
                try file.checkCancellation()
                // The reader protocol and write(2) take raw buffers: the reused chunk's storage, no extra copy.
                let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
                if count == 0 { return written }
                try buffer.withUnsafeBytes { try file.write(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
                written += Int64(count)
                await Task.yield()
            }
        }
        for try await chunk in chunks(chunkSize: chunkSize) {
            try file.checkCancellation()
            // write(2) takes a pointer: the chunk's own bytes, valid for the call.
            try chunk.withUnsafeBytes { try file.write($0) }
            written += Int64(chunk.count)
        }
        try file.checkCancellation()
        return written
    }
}

/// A temporary file created next to its destination, renamed into place on ``commit()``.
private struct TemporaryBodyFile {
    let destination: String
    let path: String
    let replacingExisting: Bool
    var descriptor: Int32

    init(destination: String, replacingExisting: Bool) throws(SerializationError) {
        self.destination = destination
        self.replacingExisting = replacingExisting
        let slash = destination.lastIndex(of: "/")
        let directory = slash.map { String(destination[..<$0]) } ?? ""
        let name = slash.map { String(destination[destination.index(after: $0)...]) } ?? destination
        var template = Array(
            ((directory.isEmpty ? "." : directory) + "/." + name + ".wireform-XXXXXX").utf8CString
        )
        // mkstemp rewrites the template in place; the template is never empty (it ends with NUL), so the unwrap holds.
        let opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard opened >= 0 else {
            throw Self.failure("Cannot create a temporary file for \(SerializationError.quoted(destination))", errno)
        }
        descriptor = opened
        path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    func checkCancellation() throws(SerializationError) {
        if Task.isCancelled {
            throw SerializationError(.cancelled, "Writing \(SerializationError.quoted(destination)) was cancelled")
        }
    }

    /// Writes every byte, looping over partial writes and interrupted calls.
    // write(2) takes a pointer; the caller's buffer is valid for this call.
    func write(_ bytes: UnsafeRawBufferPointer) throws(SerializationError) {
        guard var next = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let count = systemWrite(descriptor, next, remaining)
            if count < 0 {
                if errno == EINTR { continue }
                throw Self.failure("Writing \(SerializationError.quoted(destination)) failed", errno)
            }
            next += count
            remaining -= count
        }
    }

    mutating func commit() throws(SerializationError) {
        let closed = systemClose(descriptor)
        descriptor = -1
        guard closed == 0 else { throw Self.failure("Writing \(SerializationError.quoted(destination)) failed", errno) }
        if replacingExisting {
            guard rename(path, destination) == 0 else {
                throw Self.failure("Cannot move the body into \(SerializationError.quoted(destination))", errno)
            }
            return
        }
        // link(2) never replaces: it fails with EEXIST when a file appeared at the destination meanwhile.
        guard link(path, destination) == 0 else {
            let code = errno
            unlink(path)
            if code == EEXIST { throw Self.existing(destination) }
            throw Self.failure("Cannot move the body into \(SerializationError.quoted(destination))", code)
        }
        unlink(path)
    }

    /// Throws when something (a file, a directory, a FIFO, a link) already exists at `destination`.
    static func refuseExisting(_ destination: String) throws(SerializationError) {
        var status = stat()
        if lstat(destination, &status) == 0 { throw existing(destination) }
    }

    static func existing(_ destination: String) -> SerializationError {
        SerializationError(
            .writeFailed,
            "Not writing \(SerializationError.quoted(destination)): a file exists there and replacingExisting is false"
        )
    }

    mutating func discard() {
        if descriptor >= 0 {
            _ = systemClose(descriptor)
            descriptor = -1
        }
        unlink(path)
    }

    static func failure(_ text: String, _ code: Int32) -> SerializationError {
        SerializationError(.writeFailed, "\(text): \(String(cString: strerror(code)))")
    }
}

// The C write(2) signature, wrapped so the method named `write` can call it.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }
