import Foundation
import MallocInterposerSwift

/// Counts `malloc` calls with ordo-one's malloc-interposer, which this executable links (it comes before libc in
/// the symbol search order, so it sees every allocation, also those of the Swift runtime and Foundation).
enum Allocations {
    /// Whether the interposer is receiving this process's allocations.
    static let isActive: Bool = {
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        // An array, not malloc/free, which the optimizer may remove as a pair.
        consume([UInt8](repeating: UInt8(truncatingIfNeeded: blackHole), count: 1_000).count)
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics().mallocCount > 0
    }()

    /// Mallocs per call of `body`, over `calls` calls; `nil` when the interposer is not active.
    static func perCall(calls: Int, _ body: () throws -> Int) rethrows -> Double? {
        guard isActive else { return nil }
        MallocInterposerSwift.reset()
        MallocInterposerSwift.hook()
        for _ in 0..<calls { consume(try body()) }
        MallocInterposerSwift.unhook()
        return Double(MallocInterposerSwift.getStatistics().mallocCount) / Double(calls)
    }
}
