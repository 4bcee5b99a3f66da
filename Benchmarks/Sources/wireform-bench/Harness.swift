import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Process CPU time (user + system) in nanoseconds, from `CLOCK_PROCESS_CPUTIME_ID`.
func processCPUNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Monotonic wall-clock time in nanoseconds.
func wallNanoseconds() -> UInt64 {
    var spec = timespec()
    clock_gettime(CLOCK_MONOTONIC, &spec)
    return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
}

/// Keeps results alive so the optimizer cannot drop the measured work.
nonisolated(unsafe) var blackHole: Int = 0

@inline(never)
func consume(_ value: Int) { blackHole &+= value }

/// How a measurement is shown.
enum Unit: String {
    case microsecondsPerOp = "µs/op"
    case millisecondsPerOp = "ms/op"
    case megabytesPerSecond = "MB/s"

    var isThroughput: Bool { self == .megabytesPerSecond }
}

/// One row of the results table.
struct Row {
    var workload: String
    var implementation: String
    /// Median per-operation time in nanoseconds (CPU time unless `clock` says otherwise).
    var medianNanos: Double
    /// Smallest and largest per-operation sample, nanoseconds.
    var minNanos: Double
    var maxNanos: Double
    var samples: Int
    var iterationsPerSample: Int
    var unit: Unit
    /// Bytes per operation, for throughput units.
    var bytesPerOp: Int = 0
    var clock: String = "cpu"
    /// Median wall time per operation (M2), nanoseconds.
    var wallMedianNanos: Double? = nil
    var peakRSSKiB: Int? = nil
    var allocationsPerOp: Double? = nil
    var isReference = false
    var note: String = ""
    /// Values per operation, for a "ns per value" note (A1).
    var valuesPerOp: Int? = nil
    /// This row's ratio to its reference in each full run (filled by ``Report/aggregate(_:idleKiB:)``).
    var runRatios: [Double] = []
    /// How many full runs the figures are the median of.
    var runs = 1

    /// The value shown in the table, in `unit`.
    var value: Double {
        switch unit {
        case .microsecondsPerOp: return medianNanos / 1_000
        case .millisecondsPerOp: return medianNanos / 1_000_000
        case .megabytesPerSecond: return Double(bytesPerOp) / medianNanos * 1_000  // bytes/ns = GB/s → ×1000 MB/s
        }
    }
}

struct HarnessOptions {
    var samples = 11
    /// CPU time aimed at for one sample.
    var sampleNanos: UInt64 = 60_000_000
    var warmupNanos: UInt64 = 30_000_000
}

nonisolated(unsafe) var harnessOptions = HarnessOptions()

/// Runs `body` after a warm-up, in `samples` samples of `iterations` calls sized to about `sampleNanos` of CPU time,
/// and returns per-call CPU-time statistics.
func measure(
    _ workload: String,
    _ implementation: String,
    unit: Unit = .microsecondsPerOp,
    bytesPerOp: Int = 0,
    _ body: () throws -> Int
) rethrows -> Row {
    let options = harnessOptions
    // Warm-up, which also calibrates the iteration count.
    var iterations = 0
    let warmStart = processCPUNanoseconds()
    var elapsed: UInt64 = 0
    repeat {
        consume(try body())
        iterations += 1
        elapsed = processCPUNanoseconds() - warmStart
    } while elapsed < options.warmupNanos
    let perCall = Double(elapsed) / Double(iterations)
    let perSample = max(1, Int(Double(options.sampleNanos) / max(perCall, 1)))
    var samples: [Double] = []
    for _ in 0..<options.samples {
        let start = processCPUNanoseconds()
        for _ in 0..<perSample { consume(try body()) }
        samples.append(Double(processCPUNanoseconds() - start) / Double(perSample))
    }
    samples.sort()
    return Row(
        workload: workload,
        implementation: implementation,
        medianNanos: median(samples),
        minNanos: samples.first ?? 0,
        maxNanos: samples.last ?? 0,
        samples: samples.count,
        iterationsPerSample: perSample,
        unit: unit,
        bytesPerOp: bytesPerOp
    )
}

/// The async flavour of ``measure(_:_:unit:bytesPerOp:_:)``.
func measureAsync(
    _ workload: String,
    _ implementation: String,
    unit: Unit = .microsecondsPerOp,
    bytesPerOp: Int = 0,
    _ body: () async throws -> Int
) async rethrows -> Row {
    let options = harnessOptions
    var iterations = 0
    let warmStart = processCPUNanoseconds()
    var elapsed: UInt64 = 0
    repeat {
        consume(try await body())
        iterations += 1
        elapsed = processCPUNanoseconds() - warmStart
    } while elapsed < options.warmupNanos
    let perCall = Double(elapsed) / Double(iterations)
    let perSample = max(1, Int(Double(options.sampleNanos) / max(perCall, 1)))
    var samples: [Double] = []
    for _ in 0..<options.samples {
        let start = processCPUNanoseconds()
        for _ in 0..<perSample { consume(try await body()) }
        samples.append(Double(processCPUNanoseconds() - start) / Double(perSample))
    }
    samples.sort()
    return Row(
        workload: workload,
        implementation: implementation,
        medianNanos: median(samples),
        minNanos: samples.first ?? 0,
        maxNanos: samples.last ?? 0,
        samples: samples.count,
        iterationsPerSample: perSample,
        unit: unit,
        bytesPerOp: bytesPerOp
    )
}

func median(_ sorted: [Double]) -> Double {
    guard !sorted.isEmpty else { return 0 }
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// A deterministic xorshift generator so every run builds the same inputs.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed == 0 ? 0x9E37_79B9_7F4A_7C15 : seed }
    mutating func next() -> UInt64 {
        state ^= state << 13
        state ^= state >> 7
        state ^= state << 17
        return state
    }
}

/// Fails the run loudly when two implementations disagree on output.
func check(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition {
        FileHandle.standardError.write(Data("CHECK FAILED: \(message())\n".utf8))
        exit(2)
    }
}

func log(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// One implementation in a ``measureInterleaved(_:_:)`` group.
struct Candidate {
    var implementation: String
    var unit: Unit = .microsecondsPerOp
    var bytesPerOp: Int = 0
    var isReference = false
    var body: () throws -> Int
}

/// Measures several implementations of one workload with their samples interleaved (A, B, C, A, B, C, …), so a
/// burst of load from other processes hits all of them alike and the ratios stay fair.
func measureInterleaved(_ workload: String, _ candidates: [Candidate]) throws -> [Row] {
    let options = harnessOptions
    var iterations: [Int] = []
    for candidate in candidates {
        var calls = 0
        let start = processCPUNanoseconds()
        var elapsed: UInt64 = 0
        repeat {
            consume(try candidate.body())
            calls += 1
            elapsed = processCPUNanoseconds() - start
        } while elapsed < options.warmupNanos
        let perCall = Double(elapsed) / Double(calls)
        iterations.append(max(1, Int(Double(options.sampleNanos) / max(perCall, 1))))
    }
    var samples = Array(repeating: [Double](), count: candidates.count)
    for _ in 0..<options.samples {
        for (index, candidate) in candidates.enumerated() {
            let count = iterations[index]
            let start = processCPUNanoseconds()
            for _ in 0..<count { consume(try candidate.body()) }
            samples[index].append(Double(processCPUNanoseconds() - start) / Double(count))
        }
    }
    return candidates.enumerated().map { index, candidate in
        let sorted = samples[index].sorted()
        var row = Row(
            workload: workload,
            implementation: candidate.implementation,
            medianNanos: median(sorted),
            minNanos: sorted.first ?? 0,
            maxNanos: sorted.last ?? 0,
            samples: sorted.count,
            iterationsPerSample: iterations[index],
            unit: candidate.unit,
            bytesPerOp: candidate.bytesPerOp
        )
        row.isReference = candidate.isReference
        return row
    }.enumerated().map { index, row in
        var row = row
        row.allocationsPerOp = try? Allocations.perCall(
            calls: max(1, min(iterations[index], 50)), candidates[index].body)
        return row
    }
}

/// One implementation in a ``measureInterleavedAsync(_:_:)`` group: async work (or sync work wrapped).
struct AsyncCandidate {
    var implementation: String
    var unit: Unit = .microsecondsPerOp
    var bytesPerOp: Int = 0
    var isReference = false
    var syncBody: (() throws -> Int)?
    var body: () async throws -> Int

    init(_ candidate: Candidate) {
        implementation = candidate.implementation
        unit = candidate.unit
        bytesPerOp = candidate.bytesPerOp
        isReference = candidate.isReference
        syncBody = candidate.body
        body = candidate.body
    }

    init(
        implementation: String, unit: Unit = .microsecondsPerOp, bytesPerOp: Int = 0,
        body: @escaping () async throws -> Int
    ) {
        self.implementation = implementation
        self.unit = unit
        self.bytesPerOp = bytesPerOp
        self.body = body
    }
}

/// ``measureInterleaved(_:_:)`` for groups with async implementations (M1's swift-openapi-runtime row), so every
/// implementation's samples still alternate with the others'.
func measureInterleavedAsync(_ workload: String, _ candidates: [AsyncCandidate]) async throws -> [Row] {
    let options = harnessOptions
    var iterations: [Int] = []
    for candidate in candidates {
        var calls = 0
        let start = processCPUNanoseconds()
        var elapsed: UInt64 = 0
        repeat {
            consume(try await candidate.body())
            calls += 1
            elapsed = processCPUNanoseconds() - start
        } while elapsed < options.warmupNanos
        let perCall = Double(elapsed) / Double(calls)
        iterations.append(max(1, Int(Double(options.sampleNanos) / max(perCall, 1))))
    }
    var samples = Array(repeating: [Double](), count: candidates.count)
    for _ in 0..<options.samples {
        for (index, candidate) in candidates.enumerated() {
            let count = iterations[index]
            let start = processCPUNanoseconds()
            for _ in 0..<count { consume(try await candidate.body()) }
            samples[index].append(Double(processCPUNanoseconds() - start) / Double(count))
        }
    }
    var rows: [Row] = []
    for (index, candidate) in candidates.enumerated() {
        let sorted = samples[index].sorted()
        var row = Row(
            workload: workload,
            implementation: candidate.implementation,
            medianNanos: median(sorted),
            minNanos: sorted.first ?? 0,
            maxNanos: sorted.last ?? 0,
            samples: sorted.count,
            iterationsPerSample: iterations[index],
            unit: candidate.unit,
            bytesPerOp: candidate.bytesPerOp
        )
        row.isReference = candidate.isReference
        if let syncBody = candidate.syncBody {
            row.allocationsPerOp = try? Allocations.perCall(calls: max(1, min(iterations[index], 50)), syncBody)
        }
        rows.append(row)
    }
    return rows
}
