#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Removes the tool's temporary files and directories when `SIGINT`, `SIGTERM` or `SIGHUP` ends it, then exits with
/// `128 + signal` (130, 143, 129).
///
/// The paths live in a fixed block of memory allocated once, before the handlers are installed; the handler only
/// reads it and calls `unlink`, `rmdir` and `_exit`, which are async-signal-safe. A slot is filled (path first, then
/// its kind byte) before the file exists and emptied (kind byte only) after it was renamed or removed; removing a
/// path that no longer exists is harmless. Signals that were ignored when the tool started (`nohup`) stay ignored.
enum InterruptCleanup {
    /// What a slot holds.
    enum Kind: CChar {
        case file = 1
        case directory = 2
    }

    /// The signals that end the tool after cleaning up.
    static let signals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    static let slotCount = 8
    static let slotSize = Int(PATH_MAX) + 2

    /// Registers a path to remove if a signal ends the tool; returns its slot, or `nil` when every slot is taken or
    /// the path is too long (it is then still removed on every ordinary exit path).
    static func register(_ path: String, as kind: Kind) -> Int? {
        let bytes = Array(path.utf8)
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
        for number in signals {
            let previous = signal(number, handleTerminationSignal)
            if unsafeBitCast(previous, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) {
                _ = signal(number, SIG_IGN)
            }
        }
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

/// Whether the handlers are installed; only the main task touches it.
nonisolated(unsafe) private let handlersInstalled: UnsafeMutablePointer<Bool> = {
    let flag = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
    flag.initialize(to: false)
    return flag
}()

/// The signal handler: files first (newest first), then directories, then `_exit`. It allocates nothing.
private func handleTerminationSignal(_ signal: Int32) {
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
    _exit(128 + signal)
}
