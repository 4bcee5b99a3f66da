#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether this test process runs under ThreadSanitizer (`swift test --sanitize=thread`), in which case the
/// `wireform` binary under test is instrumented too.
///
/// The ThreadSanitizer runtime dies with SIGBUS in a process whose file-size limit is tiny (`ulimit -f 1`), before
/// the tool's own code runs, so the one test that sets such a limit is skipped there; it runs in the plain pass.
let isThreadSanitizerActive: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: -2), "__tsan_init") != nil
