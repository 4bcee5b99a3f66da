#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The command line as the bytes the caller passed.
///
/// `CommandLine.arguments` decodes each argument as UTF-8 and silently repairs invalid bytes to U+FFFD, so a file
/// name that is not UTF-8 would name another file and a header value would change. The tool reads `argv` itself:
/// file paths stay the exact bytes given (``RawPath``), and every other argument must be valid UTF-8
/// (``ArgumentText``).
enum CommandLineBytes {
    /// The arguments after the program name.
    static func arguments() -> [[UInt8]] {
        let count = Int(CommandLine.argc)
        guard count > 1 else { return [] }
        return (1..<count).map { index in
            guard let argument = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: argument, count: strlen(argument)))
        }
    }
}
