import Foundation
import Testing

/// Runs work on a thread with a small stack, so that a walk that recurses once per level of a deep tree overflows it
/// for certain (it did, before issue 38), in a debug build as in a release build, and fast.
enum SmallStack {
    /// The stack the work gets: 2 MiB. In a debug build a tree at the limit of 128 levels needs more than 512 KiB
    /// (an Apple platform's secondary thread) and at most 1 MiB through the formats, 4 to 8 KiB a level: the old
    /// walk, to the bottom of 10,000 levels, needed some 40 MiB or more.
    static let size = 2 * 1024 * 1024

    /// Runs `body` on a thread with a ``size`` stack and returns its result; waits at most two minutes.
    static func run<Result: Sendable>(
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () -> Result
    ) -> Result? {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox<Result>()
        let thread = Thread {
            box.set(body())
            done.signal()
        }
        thread.stackSize = size
        thread.start()
        guard done.wait(timeout: .now() + 120) == .success else {
            Issue.record(
                "The work on the small stack did not finish within two minutes", sourceLocation: sourceLocation)
            return nil
        }
        return box.value
    }
}

/// The result of work on another thread, handed over under a lock.
private final class ResultBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_value: Value?

    func set(_ value: Value) { lock.withLock { locked_value = value } }
    var value: Value? { lock.withLock { locked_value } }
}
