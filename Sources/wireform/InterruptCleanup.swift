#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Removes the tool's temporary files and directories when a signal ends it.
///
/// Every catchable signal whose default action ends the process (`man 7 signal`: action `Term` or `Core`) is
/// handled, except `SIGPIPE` and `SIGXFSZ`, which ``ProcessSetup`` ignores:
///
/// - `Term` signals (`SIGHUP`, `SIGINT`, `SIGTERM`, `SIGALRM`, `SIGUSR1`, `SIGUSR2`, `SIGIO`, `SIGPROF`,
///   `SIGVTALRM`, `SIGSTKFLT`, `SIGPWR` and the real-time signals) remove the paths, then exit with
///   `128 + signal` (130 for `SIGINT`, 143 for `SIGTERM`).
/// - `Core` signals (`SIGQUIT`, `SIGILL`, `SIGABRT`, `SIGFPE`, `SIGSEGV`, `SIGBUS`, `SIGSYS`, `SIGTRAP`,
///   `SIGXCPU`) remove the paths, then restore the action the signal had before (the default, or the Swift
///   runtime's crash handler) and raise the signal again, so the process still dumps core and its parent still
///   sees the signal.
///
/// `SIGKILL` cannot be caught: on Linux the `-o` temporary file has no name until it is complete
/// (``TemporaryOutputFile``), so even `SIGKILL` leaves nothing behind there.
///
/// The paths live in a fixed block of memory allocated once, before the handlers are installed; the handler only
/// reads it and calls `unlink`, `rmdir`, `sigaction`, `raise` and `_exit`, which are async-signal-safe. A slot is
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

    /// Registers a path to remove if a signal ends the tool; returns its slot, or `nil` when every slot is taken or
    /// the path is too long (it is then still removed on every ordinary exit path).
    static func register(_ path: String, as kind: Kind) -> Int? { register(RawPath(path), as: kind) }

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

    private static func installHandlersOnce() {
        guard !handlersInstalled.pointee else { return }
        handlersInstalled.pointee = true
        for number in signals where number < signalLimit {
            let saved = previousActions + Int(number)
            guard sigaction(number, nil, saved) == 0, !isIgnored(saved.pointee) else { continue }
            if exitingSignals.contains(number) {
                _ = signal(number, exitAfterCleanup)
            } else {
                _ = signal(number, reraiseAfterCleanup)
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

/// The handler for `Core` signals: cleanup, then the previous action again. The signal is blocked while its handler
/// runs, so the raised signal is delivered, with the previous action, as soon as the handler returns (for a fault,
/// at the faulting instruction).
private func reraiseAfterCleanup(_ signal: Int32) {
    removeRegisteredPaths()
    _ = sigaction(signal, previousActions + Int(signal), nil)
    _ = raise(signal)
}
