#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// One line on standard error that shows how far a long body has gone: bytes done, the percentage when the length
/// is known, and the rate, redrawn at most ten times a second and cleared at the end.
///
/// Shown for bodies of at least ``threshold`` bytes when standard error is a terminal, or always with `--progress`;
/// never with `--no-progress` or when standard error is not a terminal, so scripts see no change.
final class ProgressLine {
    /// Bodies smaller than this show no line unless `--progress` asks for one.
    static let threshold: Int64 = 1 << 20
    /// The shortest time between two redraws, in nanoseconds.
    static let redrawInterval: UInt64 = 100_000_000

    private let verb: String
    private let total: Int64?
    private let isForced: Bool
    private let started: UInt64
    private var done: Int64 = 0
    private var lastDrawn: UInt64 = 0
    private var isDrawn = false

    /// A progress line, or `nil` when none is to be shown.
    /// - Parameters:
    ///   - verb: `sent` or `wrote`.
    ///   - total: The body's length, when known.
    ///   - setting: `--progress` (`true`), `--no-progress` (`false`) or neither.
    init?(verb: String, total: Int64?, setting: Bool?) {
        guard setting ?? (isatty(2) == 1) else { return nil }
        self.verb = verb
        self.total = total
        isForced = setting == true
        started = Self.now()
    }

    /// Counts bytes done and redraws the line when it is due.
    func advance(by count: Int) {
        done += Int64(count)
        guard isForced || done >= Self.threshold || (total ?? 0) >= Self.threshold else { return }
        let now = Self.now()
        guard !isDrawn || now - lastDrawn >= Self.redrawInterval else { return }
        lastDrawn = now
        isDrawn = true
        draw(now: now)
    }

    /// Clears the line, if it was drawn.
    func finish() {
        guard isDrawn else { return }
        isDrawn = false
        StandardError.write(Array("\r\u{1B}[K".utf8))
    }

    deinit { finish() }

    private func draw(now: UInt64) {
        var text = "\r\u{1B}[Kwireform: \(verb) \(Self.size(done))"
        if let total {
            let percent = total == 0 ? 100 : Int(done * 100 / max(total, 1))
            text += " of \(Self.size(total)) (\(percent)%)"
        }
        let seconds = Double(now - started) / 1e9
        if seconds > 0 { text += ", \(Self.size(Int64(Double(done) / seconds)))/s" }
        StandardError.write(Array(text.utf8))
    }

    /// `512 B`, `12.0 KiB`, `3.4 MiB`, `1.0 GiB`.
    static func size(_ bytes: Int64) -> String {
        guard bytes >= 1024 else { return "\(bytes) B" }
        var value = Double(bytes) / 1024
        for unit in ["KiB", "MiB", "GiB"] {
            if value < 1024 || unit == "GiB" {
                let tenths = Int64((value * 10).rounded())
                return "\(tenths / 10).\(tenths % 10) \(unit)"
            }
            value /= 1024
        }
        return "\(bytes) B"
    }

    private static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
