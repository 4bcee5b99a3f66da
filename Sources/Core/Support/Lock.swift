#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

// @unchecked: `locked_state` is read and written only while `mutex` is held (withLock), so sharing it is safe.
/// A small lock with a `withLock` API, for the few places that share mutable state between threads.
///
/// `Synchronization.Mutex` needs macOS 15 / iOS 18, and `NSLock` needs all of Foundation; this wraps a
/// `pthread_mutex_t`, which every supported platform has.
package final class Lock<State>: @unchecked Sendable {
    // A pthread mutex must not move once initialized: heap memory with a fixed address, freed in deinit.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var locked_state: State

    package init(_ state: State) {
        locked_state = state
        // Initialized just below and destroyed and freed in deinit.
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        // A default mutex cannot fail to initialize except for lack of memory, which traps anyway.
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&locked_state)
    }
}
