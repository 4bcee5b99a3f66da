#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whether the `wireform` binary under test runs under ThreadSanitizer: this test process does
/// (`swift test --sanitize=thread` instruments the tool it builds too), or `WIREFORM_BINARY_SANITIZER=thread` says
/// that `WIREFORM_BINARY` names an instrumented build (`.ci/run` runs the plain test bundle against one).
///
/// The ThreadSanitizer runtime dies with SIGBUS in a process whose file-size limit is tiny (`ulimit -f 1`), before
/// the tool's own code runs, so the one test that sets such a limit is skipped there; it runs in the plain pass.
let isThreadSanitizerActive: Bool = {
    if getenv("WIREFORM_BINARY_SANITIZER").map({ String(cString: $0) }) == "thread" { return true }
    // The process's global symbol scope (portable, unlike RTLD_DEFAULT's value, which differs between platforms).
    guard let process = dlopen(nil, RTLD_NOW) else { return false }
    return dlsym(process, "__tsan_init") != nil
}()
