import Foundation

/// A small lock with a `withLock` API, for the few places that share mutable state between threads.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18; this wraps `NSLock`, which every supported platform has.
package final class Lock<State>: @unchecked Sendable {
    private let lock = NSLock()
    private var locked_state: State

    package init(_ state: State) { locked_state = state }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&locked_state)
    }
}
