import NIOConcurrencyHelpers

/// A ``ProgressLine`` fed from the task that produces an upload's body (AsyncHTTPClient reads the body on a task of
/// its own), as running totals.
final class ProgressCounter: @unchecked Sendable {
    /// Guards the fields named `locked_…`.
    private let lock = NIOLock()
    /// Guarded by ``lock``.
    private let locked_line: ProgressLine
    /// Guarded by ``lock``: the total already counted.
    private var locked_counted: Int64 = 0

    /// Counts into a progress line.
    init(_ line: ProgressLine) { locked_line = line }

    /// Takes the body's bytes produced so far.
    func update(_ completed: Int64) {
        lock.withLock {
            if completed > locked_counted { locked_line.advance(by: Int(completed - locked_counted)) }
            locked_counted = completed
        }
    }

    /// Clears the line.
    func finish() { lock.withLock { locked_line.finish() } }
}
