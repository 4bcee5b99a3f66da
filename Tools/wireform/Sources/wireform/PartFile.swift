import Foundation
import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where Wireform reads a `--file` part from.
///
/// Wireform's file bodies take a `URL`, which holds text: a path that is valid UTF-8 is handed over as it is. A path
/// that is not UTF-8 cannot be spelled as a `URL` without U+FFFD repair, which would name another file. On Linux
/// the tool opens such a path itself, by its bytes, and hands Wireform `/proc/self/fd/N`: opening that reopens the
/// very file the tool opened, whatever its name. The descriptor stays open for the life of the process, because
/// the body is read again each time it is produced (a redirect replays it).
enum PartFile {
    /// The URL to read the part from and the file name to send.
    /// - Throws: ``Wireform/SerializationError/Code/fileUnavailable`` when a non-UTF-8 path cannot be opened (or,
    ///   outside Linux, cannot be used), worded as Wireform words it for other paths.
    static func location(of spec: FilePartSpec) throws(SerializationError) -> (url: URL, fileName: String?) {
        if let text = spec.path.text { return (URL(fileURLWithPath: text), spec.filename) }
        // FilePartSpec requires `;filename=` when the last component is not UTF-8.
        let fileName = spec.filename ?? spec.path.lastComponent.text
        #if os(Linux)
            let descriptor = spec.path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
            guard descriptor >= 0 else {
                throw SerializationError(.fileUnavailable, "Cannot read \(quoted(spec.path)): \(systemMessage())")
            }
            return (URL(fileURLWithPath: "/proc/self/fd/\(descriptor)"), fileName)
        #else
            throw SerializationError(
                .fileUnavailable, "Cannot read \(quoted(spec.path)): a path that is not UTF-8 needs Linux")
        #endif
    }
}
