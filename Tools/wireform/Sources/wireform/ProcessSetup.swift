#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What the process does before anything else, so that no later failure can trap or kill it silently.
enum ProcessSetup {
    /// Prepares the standard descriptors and signal dispositions.
    ///
    /// - A closed standard input, output or error gets a placeholder that fails every write with `EBADF`, so no file
    ///   or socket the tool opens later can take descriptor 1 or 2 and receive output or messages meant for them.
    /// - `SIGPIPE` and `SIGXFSZ` are ignored: a closed pipe or the file-size limit become write errors (`EPIPE`,
    ///   `EFBIG`) that the tool reports and exits from with its own status, instead of killing it mid-write.
    /// - The signals ``SignalCancellation`` handles (every catchable signal that would end the process) are
    ///   unblocked: a process started from a thread that blocks them inherits that mask, and ``SignalCancellation``
    ///   must see them to cancel the command. Its handlers are installed here (signals ignored at start stay
    ///   ignored).
    static func prepare() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            occupyWithPlaceholder(descriptor)
        }
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signal in SignalCancellation.signals { sigaddset(&unblocked, signal) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        SignalCancellation.installHandlers()
    }

    /// Puts the read end of a new pipe at `descriptor` (the lowest free number): reads see end of file, writes fail
    /// with `EBADF`. No write end is left open.
    private static func occupyWithPlaceholder(_ descriptor: Int32) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        if ends[0] != descriptor {
            _ = dup2(ends[0], descriptor)
            if ends[0] > 2 { _ = close(ends[0]) }
        }
        if ends[1] <= 2 {
            // Also a closed standard descriptor: make it a read end too.
            _ = dup2(ends[0] == descriptor ? descriptor : ends[0], ends[1])
        } else {
            _ = close(ends[1])
        }
    }
}
