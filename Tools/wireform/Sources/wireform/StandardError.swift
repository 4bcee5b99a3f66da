#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Writes the tool's messages to standard error with `write(2)`, ignoring every failure: a closed or full standard
/// error never changes the exit status, and never traps as `FileHandle.write` does.
enum StandardError {
    /// Writes `wireform: MESSAGE` on one line; line breaks in the message become spaces, and credentials `***` (``MessageRedaction``). Nothing is written once a
    /// signal has cancelled the command: the error is the cancellation's, not the user's to fix.
    static func writeMessage(_ message: String) {
        guard SignalCancellation.receivedSignal == 0 else { return }
        let line: String = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        write(Array("wireform: \(MessageRedaction.redacted(line))\n".utf8))
    }

    /// Writes bytes as they are, ignoring every failure.
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count, let base = buffer.baseAddress {
                let written = systemWrite(2, base + offset, buffer.count - offset)
                if written < 0 && errno == EINTR { continue }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
