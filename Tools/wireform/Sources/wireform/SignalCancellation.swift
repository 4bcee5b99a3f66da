import Foundation
import NIOConcurrencyHelpers

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Turns the signals that would end the tool into cancellation of the command's task, so that the output is
/// abandoned the way any failure abandons it: Wireform's `AtomicFileWriter` refuses to write or commit in a cancelled
/// task and removes its temporary file, and standard output or a FIFO is simply left.
///
/// Every catchable signal whose default action ends the process (`man 7 signal`: action `Term` or `Core`) is
/// handled, except `SIGPIPE` and `SIGXFSZ`, which ``ProcessSetup`` ignores. Once the task has finished (or, when
/// something it waits on does not respond to cancellation, after ``gracePeriod``), the tool ends as the signal
/// would have ended it:
///
/// - `Term` signals (`SIGHUP`, `SIGINT`, `SIGTERM`, `SIGALRM`, `SIGUSR1`, `SIGUSR2`, `SIGIO`, `SIGPROF`,
///   `SIGVTALRM`, `SIGSTKFLT`, `SIGPWR` and the real-time signals) exit with `128 + signal` (130 for `SIGINT`, 143
///   for `SIGTERM`).
/// - `Core` signals (`SIGQUIT`, `SIGILL`, `SIGABRT`, `SIGFPE`, `SIGSEGV`, `SIGBUS`, `SIGSYS`, `SIGTRAP`,
///   `SIGXCPU`) are raised again with the default action, so the process still dumps core and its parent still sees
///   the signal. A fault (a trap in the tool, `SIGSEGV`) gets the action it had before back, the Swift runtime's
///   crash handler, which prints its backtrace when the faulting instruction runs again.
///
/// `SIGKILL` cannot be caught; on Linux the temporary file has no name until it is complete, so even `SIGKILL`
/// leaves nothing behind there. Signals that were ignored when the tool started (`nohup`) stay ignored. The handler
/// only writes the signal's number, one byte, to a pipe (async-signal-safe); a thread of its own reads the first one,
/// keeps it (``receivedSignal``) and cancels the task.
enum SignalCancellation {
    /// The signals that end the tool with `128 + signal` (default action `Term`).
    static let exitingSignals: [Int32] = {
        var signals = [SIGHUP, SIGINT, SIGTERM, SIGALRM, SIGUSR1, SIGUSR2, SIGIO, SIGPROF, SIGVTALRM]
        #if os(Linux)
            signals += [SIGSTKFLT, SIGPWR]
            signals += Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
        #endif
        return signals
    }()

    /// The signals that are raised again with the default action (default action `Core`).
    static let reraisedSignals: [Int32] = {
        var signals = [SIGQUIT, SIGILL, SIGABRT, SIGFPE, SIGSEGV, SIGBUS, SIGSYS, SIGTRAP, SIGXCPU]
        #if canImport(Darwin)
            signals.append(SIGEMT)
        #endif
        return signals
    }()

    /// Every signal the tool handles.
    static var signals: [Int32] { exitingSignals + reraisedSignals }

    /// How long the task has, after a signal, to finish before the tool ends anyway, in seconds.
    static let gracePeriod: UInt32 = 2

    /// The signal received first, or 0.
    static var receivedSignal: Int32 { received.withLockedValue { $0 } }

    /// Installs the handlers, once, at start-up (``ProcessSetup``), so that every run ends the same way on these
    /// signals.
    static func installHandlers() {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { return }
        // The handler must never block: a full pipe already holds a wake-up.
        _ = fcntl(ends[1], F_SETFL, O_NONBLOCK)
        (state[stateReadEnd], state[stateWriteEnd]) = (ends[0], ends[1])
        for number in signals where number < signalLimit {
            guard sigaction(number, nil, previousActions + Int(number)) == 0,
                !isIgnored(previousActions[Int(number)])
            else { continue }
            state[stateKinds + Int(number)] = exitingSignals.contains(number) ? exits : reraises
            var action = sigaction()
            #if canImport(Glibc)
                action.__sigaction_handler.sa_sigaction = recordSignal
            #else
                action.__sigaction_u.__sa_sigaction = recordSignal
            #endif
            sigemptyset(&action.sa_mask)
            action.sa_flags = SA_SIGINFO | SA_RESTART
            _ = sigaction(number, &action, nil)
        }
    }

    /// Cancels `task` when a handled signal arrives, and ends the tool (``endIfSignalled()``) if the task has not
    /// finished ``gracePeriod`` later.
    static func cancelOnSignal(_ task: Task<some Sendable, Never>) {
        let readEnd = state[stateReadEnd]
        guard readEnd >= 0 else { return }
        Thread.detachNewThread {
            var byte: UInt8 = 0
            var count = read(readEnd, &byte, 1)
            while count < 0 && errno == EINTR { count = read(readEnd, &byte, 1) }
            guard count == 1 else { return }
            received.withLockedValue { $0 = Int32(byte) }
            task.cancel()
            sleep(gracePeriod)
            endIfSignalled()
        }
    }

    /// Ends the process as the signal received would have, if one was: `_exit(128 + signal)`, or the signal again
    /// with its default action.
    static func endIfSignalled() {
        let number = receivedSignal
        guard number > 0 else { return }
        if state[stateKinds + Int(number)] == reraises {
            _ = signal(number, SIG_DFL)
            var set = sigset_t()
            sigemptyset(&set)
            sigaddset(&set, number)
            pthread_sigmask(SIG_UNBLOCK, &set, nil)
            _ = raise(number)
        }
        _exit(128 + number)
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

/// The signal received first, or 0; set by the thread that reads the pipe, read by the command's task and `main`.
private let received = NIOLockedValueBox<Int32>(0)

/// One more than the highest signal number.
private let signalLimit: Int32 = 65
/// Where ``state`` keeps the pipe's ends and each signal's kind (``exits``, ``reraises``).
private let (stateReadEnd, stateWriteEnd, stateKinds) = (0, 1, 2)
private let (exits, reraises): (Int32, Int32) = (1, 2)

/// The handler's state, allocated once and never freed, so that the handler can read it at any time without
/// running an initializer: it is created before any handler is installed.
nonisolated(unsafe) private let state: UnsafeMutablePointer<Int32> = {
    let count = stateKinds + Int(signalLimit)
    let block = UnsafeMutablePointer<Int32>.allocate(capacity: count)
    block.initialize(repeating: 0, count: count)
    (block[stateReadEnd], block[stateWriteEnd]) = (-1, -1)
    return block
}()

/// Each signal's action before the tool installed its handler, indexed by signal number; written before the
/// handler is installed and only read by it.
nonisolated(unsafe) private let previousActions: UnsafeMutablePointer<sigaction> = {
    let actions = UnsafeMutablePointer<sigaction>.allocate(capacity: Int(signalLimit))
    actions.initialize(repeating: sigaction(), count: Int(signalLimit))
    return actions
}()

/// The handler: a fault (`si_code` > 0 for a `Core` signal) gets its previous action back and happens again when the
/// faulting instruction runs again; any other signal's number goes to the thread that cancels the task. It allocates
/// nothing.
private func recordSignal(
    _ number: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
) {
    if state[stateKinds + Int(number)] == reraises, let info, info.pointee.si_code > 0 {
        _ = sigaction(number, previousActions + Int(number), nil)
        return
    }
    // Signal numbers are below ``signalLimit``: one byte holds them.
    var byte = UInt8(truncatingIfNeeded: number)
    _ = write(state[stateWriteEnd], &byte, 1)
}
