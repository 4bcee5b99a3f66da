#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Removes the tool's temporary files and directories when a signal ends it.
///
/// The handlers are installed at start-up (``ProcessSetup``), so the exit status below holds whether or not a
/// temporary file exists when the signal arrives.
///
/// Every catchable signal whose default action ends the process (`man 7 signal`: action `Term` or `Core`) is
/// handled, except `SIGPIPE` and `SIGXFSZ`, which ``ProcessSetup`` ignores:
///
/// - `Term` signals (`SIGHUP`, `SIGINT`, `SIGTERM`, `SIGALRM`, `SIGUSR1`, `SIGUSR2`, `SIGIO`, `SIGPROF`,
///   `SIGVTALRM`, `SIGSTKFLT`, `SIGPWR` and the real-time signals) remove the paths, then exit with
///   `128 + signal` (130 for `SIGINT`, 143 for `SIGTERM`).
/// - `Core` signals (`SIGQUIT`, `SIGILL`, `SIGABRT`, `SIGFPE`, `SIGSEGV`, `SIGBUS`, `SIGSYS`, `SIGTRAP`,
///   `SIGXCPU`) remove the paths, then end the process by the same signal, so it still dumps core and its parent
///   still sees the signal. One sent by `kill` or `raise` is raised again with the default action. A fault (a trap
///   in the tool, `SIGSEGV`) gets the action it had before back, the Swift runtime's crash handler, which prints
///   its backtrace when the faulting instruction runs again. (The runtime's handler does not end the process for
///   a signal that was sent rather than caused, which is why a sent one goes straight to the default action.)
///
/// `SIGKILL` cannot be caught: on Linux the `-o` temporary file has no name until it is complete
/// (``TemporaryOutputFile``), so even `SIGKILL` leaves nothing behind there.
///
/// The paths live in a fixed block of memory allocated once, before the handlers are installed; the handler only
/// reads it and calls `unlink`, `rmdir`, `sigaction`, `signal`, `raise` and `_exit`, which are async-signal-safe. A slot is
/// filled (path first, then its kind byte) before the file exists and emptied (kind byte only) after it was
/// renamed or removed; removing a path that no longer exists is harmless. Signals that were ignored when the tool
/// started (`nohup`) stay ignored.
enum InterruptCleanup {
    /// What a slot holds.
    enum Kind: CChar {
        case file = 1
        case directory = 2
    }

    /// The signals that end the tool with `128 + signal` after cleaning up (default action `Term`).
    static let exitingSignals: [Int32] = {
        var signals = [SIGHUP, SIGINT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGIO, SIGPROF, SIGVTALRM]
        #if os(Linux)
            signals += [SIGSTKFLT, SIGPWR]
            signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return signals
    }()

    /// The signals that are raised again with their previous action after cleaning up (default action `Core`).
    static let reraisedSignals: [Int32] = {
        var signals = [SIGQUIT, SIGILL, SIGABRT, SIGFPE, SIGSEGV, SIGBUS, SIGSYS, SIGTRAP, SIGXCPU]
        #if canImport(Darwin)
            signals.append(SIGEMT)
        #endif
        return signals
    }()

    /// Every signal the tool cleans up after.
    static var signals: [Int32] { exitingSignals + reraisedSignals }

    static let slotCount = 8
    static let slotSize = Int(PATH_MAX) + 2
    /// One more than the highest signal number.
    static let signalLimit = 65

    /// Registers a path, as bytes, to remove if a signal ends the tool (see ``register(_:as:)-(String,_)``).
    static func register(_ path: RawPath, as kind: Kind) -> Int? {
        let bytes = path.bytes
        guard bytes.count < slotSize - 1 else { return nil }
        // The slots are initialized here, before any handler can run: the handler must not run an initializer.
        for slot in 0..<slotCount where cleanupSlots[slot * slotSize] == 0 {
            let base = cleanupSlots + slot * slotSize
            for (index, byte) in bytes.enumerated() { base[1 + index] = CChar(bitPattern: byte) }
            base[1 + bytes.count] = 0
            base[0] = kind.rawValue
            installHandlersOnce()
            return slot
        }
        return nil
    }

    /// Forgets a slot: its path was renamed or removed.
    static func unregister(_ slot: Int?) {
        guard let slot else { return }
        cleanupSlots[slot * slotSize] = 0
    }

    /// Installs the handlers, once; ``ProcessSetup`` calls it at start-up, so every run ends the same way on these
    /// signals whether or not a temporary file exists at that moment.
    static func installHandlersOnce() {
        guard !handlersInstalled.pointee else { return }
        handlersInstalled.pointee = true
        for number in signals where number < signalLimit {
            let saved = previousActions + Int(number)
            guard sigaction(number, nil, saved) == 0, !isIgnored(saved.pointee) else { continue }
            if exitingSignals.contains(number) {
                _ = signal(number, exitAfterCleanup)
            } else {
                var action = sigaction()
                #if canImport(Glibc)
                    action.__sigaction_handler.sa_sigaction = reraiseAfterCleanup
                #else
                    action.__sigaction_u.__sa_sigaction = reraiseAfterCleanup
                #endif
                sigemptyset(&action.sa_mask)
                action.sa_flags = SA_SIGINFO | SA_RESTART
                _ = sigaction(number, &action, nil)
            }
        }
    }

    private static func isIgnored(_ action: sigaction) -> Bool {
        #if canImport(Glibc)
            let handler = action.__sigaction_handler.sa_handler
        #else
            let handler = action.__sigaction_u.__sa_handler
        #endif
        return unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }
}

/// The slots: `slotCount` blocks of `slotSize` bytes, each a kind byte (0 = empty) and a NUL-terminated path.
/// Allocated once and never freed, so the signal handler can read it at any time.
nonisolated(unsafe) private let cleanupSlots: UnsafeMutablePointer<CChar> = {
    let size = InterruptCleanup.slotCount * InterruptCleanup.slotSize
    let block = UnsafeMutablePointer<CChar>.allocate(capacity: size)
    block.initialize(repeating: 0, count: size)
    return block
}()

/// Each signal's action before the tool installed its handler, indexed by signal number; written before the
/// handler is installed and only read by it.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: InterruptCleanup.signalLimit)
    actions.initialize(repeating: sigaction(), count: InterruptCleanup.signalLimit)
    return actions
}()

/// Whether the handlers are installed; only the main task touches it.
nonisolated(unsafe) private let handlersInstalled: UnsafeMutablePointer<Bool> = {
    let flag = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    flag.initialize(to: false)
    return flag
}()

/// Removes the registered paths: files first (newest first), then directories. It allocates nothing.
private func removeRegisteredPaths() {
    var pass = InterruptCleanup.Kind.file.rawValue
    while pass <= InterruptCleanup.Kind.directory.rawValue {
        var slot = InterruptCleanup.slotCount - 1
        while slot >= 0 {
            let base = cleanupSlots + slot * InterruptCleanup.slotSize
            if base[0] == pass {
                if pass == InterruptCleanup.Kind.file.rawValue { _ = unlink(base + 1) } else { _ = rmdir(base + 1) }
            }
            slot -= 1
        }
        pass += 1
    }
}

/// The handler for `Term` signals: cleanup, then `_exit(128 + signal)`.
private func exitAfterCleanup(_ signal: Int32) {
    removeRegisteredPaths()
    _exit(128 + signal)
}

/// The handler for `Core` signals: cleanup, then the signal again. A signal that was sent (`si_code` ≤ 0: `kill`,
/// `raise`, `sigqueue`) is raised with the default action; it is blocked while this handler runs, so it is
/// delivered as soon as the handler returns. A fault gets its previous action back and happens again when the
/// faulting instruction runs again.
private func reraiseAfterCleanup(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    removeRegisteredPaths()
    if let info, info.pointee.si_code > 0 {
        _ = sigaction(number, previousActions + Int(number), nil)
    } else {
        _ = signal(number, SIG_DFL)
        _ = raise(number)
    }
}
