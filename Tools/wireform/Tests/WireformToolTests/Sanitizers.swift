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
let isThreadSanitizerActive: Bool = {
    // The process's global symbol scope (portable, unlike RTLD_DEFAULT's value, which differs between platforms).
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    return dlsym(process, "__tsan_init") != nil
}()
