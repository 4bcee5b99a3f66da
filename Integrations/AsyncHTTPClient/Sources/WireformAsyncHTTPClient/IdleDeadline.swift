import AsyncHTTPClient
import NIOConcurrencyHelpers
import NIOCore

/// Wireform's own idle deadline for one request: the time of the last progress (a chunk of the request body taken by
/// AsyncHTTPClient, the response head, a chunk of the response body), and a race that ends an operation with
/// `HTTPClientError.deadlineExceeded` when no progress came for ``timeout``.
///
/// AsyncHTTPClient's own timers miss two cases: its write timer is not armed while the channel is not writable (a
/// peer that stops reading an upload), and its read timer is reset by interim (1xx) response heads, which it drops
/// without a trace. Neither counts as progress here, so both end.
final class IdleDeadline: Sendable {
    /// The longest wait without progress.
    let timeout: TimeAmount
    /// When progress was last made.
    private let lastProgress: NIOLockedValueBox<NIODeadline>

    /// A deadline whose clock starts now.
    init(timeout: TimeAmount) {
        self.timeout = timeout
        lastProgress = NIOLockedValueBox(NIODeadline.now())
    }

    /// Records progress: the clock starts again.
    func touch() {
        let now = NIODeadline.now()
        lastProgress.withLockedValue { $0 = now }
    }

    /// Returns once ``timeout`` passed without progress; throws `CancellationError` when cancelled first.
    func expiry() async throws {
        while true {
            let last: NIODeadline = lastProgress.withLockedValue { $0 }
            let due: NIODeadline = last + timeout
            let now = NIODeadline.now()
            if now >= due { return }
            let wait: Int64 = (due - now).nanoseconds
            try await Task.sleep(nanoseconds: UInt64(wait))
        }
    }

    /// What ended a race.
    private enum Outcome<Value: Sendable>: Sendable {
        case value(Value)
        case expired
    }

    /// Runs `operation`, cancelling it when no progress comes for ``timeout`` (the clock starts again now).
    /// - Returns: What `operation` returns.
    /// - Throws: `HTTPClientError.deadlineExceeded` when the deadline passed first; what `operation` throws.
    func race<Value: Sendable>(_ operation: @escaping @Sendable () async throws -> Value) async throws -> Value {
        touch()
        return try await withThrowingTaskGroup(of: Outcome<Value>.self) { group in
            group.addTask { .value(try await operation()) }
            group.addTask {
                try await self.expiry()
                return .expired
            }
            defer { group.cancelAll() }
            guard let first = try await group.next() else { throw HTTPClientError.deadlineExceeded }
            switch first {
            case .value(let value): return value
            case .expired: throw HTTPClientError.deadlineExceeded
            }
        }
    }
}

/// A response body whose every chunk is awaited under an ``IdleDeadline``.
struct IdleResponseBody: AsyncSequence, Sendable {
    typealias Element = ByteBuffer

    /// The body AsyncHTTPClient returned.
    let base: HTTPClientResponse.Body
    /// The request's deadline.
    let deadline: IdleDeadline

    /// Holds the base iterator so that each `next()` can run in the race's child task; one task at a time uses it.
    final class IteratorBox: @unchecked Sendable {
        /// The base iterator.
        var iterator: HTTPClientResponse.Body.AsyncIterator

        /// A box for an iterator.
        init(_ iterator: HTTPClientResponse.Body.AsyncIterator) { self.iterator = iterator }

        /// The base iterator's next chunk.
        func next() async throws -> ByteBuffer? { try await iterator.next() }
    }

    /// Iterates the base body under the deadline.
    struct AsyncIterator: AsyncIteratorProtocol {
        /// The base iterator.
        let box: IteratorBox
        /// The request's deadline.
        let deadline: IdleDeadline

        /// The next chunk, or `nil` at the end.
        /// - Throws: `HTTPClientError.deadlineExceeded` when no chunk came in time; the base body's errors.
        mutating func next() async throws -> ByteBuffer? {
            let box = self.box
            let chunk: ByteBuffer? = try await deadline.race { try await box.next() }
            deadline.touch()
            return chunk
        }
    }

    /// An iterator over the body.
    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(box: IteratorBox(base.makeAsyncIterator()), deadline: deadline)
    }
}
