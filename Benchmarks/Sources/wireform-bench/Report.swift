import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Formats the rows as a Markdown table and evaluates the issue's targets.
struct Report {
    var rows: [Row]
    var idleRSSKiB: Int?

    func reference(for row: Row) -> Row? {
        let group = rows.filter { $0.workload == row.workload && !$0.medianNanos.isNaN }
        return group.first(where: \.isReference) ?? group.first
    }

    /// Folds several full runs into one table: each figure is the median of the runs' medians, the spread is the
    /// min–max of the runs' medians, and each ratio is computed within its run and kept per run.
    static func aggregate(_ runs: [[Row]], idleKiB: Int? = nil) -> [Row] {
        guard let first = runs.first else { return [] }
        let reports = runs.map { Report(rows: $0) }
        return first.map { template in
            var row = template
            let matches = runs.map { run in
                run.first { $0.workload == template.workload && $0.implementation == template.implementation }
            }
            let medians = matches.compactMap { $0?.medianNanos }.filter { !$0.isNaN }.sorted()
            guard !medians.isEmpty else { return row }
            row.medianNanos = median(medians)
            row.minNanos = medians.first ?? row.minNanos
            row.maxNanos = medians.last ?? row.maxNanos
            row.runs = medians.count
            row.runRatios = zip(matches, reports).compactMap { match, report in match.flatMap { report.ratio($0) } }
            let allocations = matches.compactMap { $0?.allocationsPerOp }.sorted()
            if !allocations.isEmpty { row.allocationsPerOp = median(allocations) }
            let walls = matches.compactMap { $0?.wallMedianNanos }.sorted()
            if !walls.isEmpty {
                row.wallMedianNanos = median(walls)
                let peak = matches.compactMap { $0?.peakRSSKiB }.max() ?? 0
                row.peakRSSKiB = peak
                let wallThroughput = Double(row.bytesPerOp) / median(walls) * 1_000
                row.note = String(
                    format: "wall %.0f MB/s (median of runs); peak RSS %.1f MiB (%+.1f MiB vs idle), max of runs",
                    wallThroughput, Double(peak) / 1024, Double(peak - (idleKiB ?? peak)) / 1024)
            }
            return row
        }
    }

    /// The median of a row's per-run ratios, or its ratio in this table when it has none.
    func runRatio(_ row: Row) -> Double? {
        guard !row.runRatios.isEmpty else { return ratio(row) }
        return median(row.runRatios.sorted())
    }

    /// Reference speed divided by this row's speed: above 1 means the reference is faster.
    func ratio(_ row: Row) -> Double? {
        guard let reference = reference(for: row), !row.medianNanos.isNaN else { return nil }
        if row.unit.isThroughput { return reference.value / row.value }
        return row.value / reference.value
    }

    static func format(_ value: Double) -> String {
        if value.isNaN { return "—" }
        if value >= 1_000 { return String(format: "%.0f", value) }
        if value >= 100 { return String(format: "%.1f", value) }
        if value >= 10 { return String(format: "%.2f", value) }
        return String(format: "%.3f", value)
    }

    var table: String {
        var lines = [
            "| Workload | Implementation | Median | Unit | Ratio (ref ÷ row speed) | Allocs/op | Spread (min–max) | Notes |",
            "|---|---|---:|---|---:|---:|---|---|",
        ]
        for row in rows {
            let ratioText: String
            if row.isReference {
                ratioText = "1.00 (ref)"
            } else if row.runRatios.count > 1, let ratio = runRatio(row) {
                let sorted = row.runRatios.sorted()
                ratioText = String(format: "%.2f× (%.2f–%.2f)", ratio, sorted[0], sorted[sorted.count - 1])
            } else if let ratio = ratio(row) {
                ratioText = String(format: "%.2f×", ratio)
            } else {
                ratioText = "—"
            }
            var spread = "—"
            if !row.medianNanos.isNaN {
                var low = row
                low.medianNanos = row.maxNanos
                var high = row
                high.medianNanos = row.minNanos
                let values = [low.value, high.value].sorted()
                spread =
                    row.runs > 1
                    ? "\(Self.format(values[0]))–\(Self.format(values[1])) (\(row.runs) runs × \(row.samples) samples, \(row.clock))"
                    : "\(Self.format(values[0]))–\(Self.format(values[1])) (\(row.samples)×\(row.iterationsPerSample), \(row.clock))"
            }
            var note = row.note
            if let values = row.valuesPerOp, !row.medianNanos.isNaN {
                note = String(format: "%.0f ns per value (%d values)", row.medianNanos / Double(values), values)
            }
            lines.append(
                "| \(row.workload) | \(row.implementation) | \(Self.format(row.value)) | \(row.unit.rawValue) | \(ratioText) | \(row.allocationsPerOp.map { String(format: "%.0f", $0) } ?? "—") | \(spread) | \(note) |"
            )
        }
        return lines.joined(separator: "\n")
    }

    func row(_ workload: String, _ implementationPrefix: String) -> Row? {
        rows.first {
            $0.workload.hasPrefix(workload) && $0.implementation.hasPrefix(implementationPrefix)
                && !$0.medianNanos.isNaN
        }
    }

    /// Wireform's speed divided by the other row's speed (the median of the per-run ratios when Wireform is the
    /// workload's reference).
    func speedup(_ workload: String, over implementationPrefix: String) -> Double? {
        guard let wireform = row(workload, "Wireform"), let other = row(workload, implementationPrefix) else {
            return nil
        }
        if wireform.isReference, !other.runRatios.isEmpty { return runRatio(other) }
        if wireform.unit.isThroughput { return wireform.value / other.value }
        return other.value / wireform.value
    }

    var targets: String {
        var lines = ["| Target | Measured | Met? |", "|---|---|---|"]
        func add(_ name: String, _ value: Double?, atLeast goal: Double, format: String = "%.1f×") {
            guard let value else {
                lines.append("| \(name) | not measured | — |")
                return
            }
            lines.append("| \(name) | \(String(format: format, value)) | \(value >= goal ? "yes" : "**no**") |")
        }
        for workload in ["W1", "W2"] {
            let peers = ["Hummingbird", "swift-openapi-runtime"].compactMap { speedup(workload, over: $0) }
            add("\(workload): ≥ 10× the fastest peer form encoder", peers.min(), atLeast: 10)
        }
        add("W3 (1,000): ≥ 100× Hummingbird", speedup("W3 ids[1000]", over: "Hummingbird"), atLeast: 100)
        add(
            "W3 (1,000): ≥ 100× swift-openapi-runtime", speedup("W3 ids[1000]", over: "swift-openapi-runtime"),
            atLeast: 100)
        if let small = row("W3 ids[1000]", "Wireform"), let large = row("W3 ids[16000]", "Wireform") {
            // Linear: the cost per element stays within 2× from 1,000 to 16,000 elements (the 16,000-element output
            // no longer fits the caches); a quadratic encoder's cost per element grows 16×.
            let growth = (large.medianNanos / 16_000) / (small.medianNanos / 1_000)
            lines.append(
                String(
                    format:
                        "| W3: linear growth 1,000 → 16,000 (cost per element ×≤ 2; quadratic would be ×16) | ×%.2f (%.1f → %.1f ns/element) | %@ |",
                    growth, small.medianNanos / 1_000, large.medianNanos / 16_000, growth <= 2 ? "yes" : "**no**"))
        }
        add("W4: ≥ 30× Foundation addingPercentEncoding", speedup("W4", over: "Foundation"), atLeast: 30)
        add("J1: ≥ 1× JSONEncoder", speedup("J1", over: "Foundation JSONEncoder"), atLeast: 1, format: "%.2f×")
        add("J1: ≥ 5× JSONSerialization", speedup("J1", over: "Foundation JSONSerialization"), atLeast: 5)
        add(
            "M1: faster than multipart-kit MultipartSerializer", speedup("M1", over: "multipart-kit"), atLeast: 1.0001,
            format: "%.2f×")
        add(
            "M2(a): ≥ 90 % of dd at Wireform's read size (bs=256k)", speedup("M2(a)", over: "dd").map { $0 * 100 },
            atLeast: 90, format: "%.0f %%")
        add(
            "M2(a): ≥ 1.2× swift-openapi-runtime streaming", speedup("M2(a)", over: "swift-openapi-runtime"),
            atLeast: 1.2, format: "%.2f×")
        add(
            "M2(b): ≥ 70 % of dd at Wireform's write size (bs=1M)", speedup("M2(b)", over: "dd").map { $0 * 100 },
            atLeast: 70, format: "%.0f %%")
        for (workload, other, goal) in [
            ("M2(a)", "dd", 0.9), ("M2(a)", "swift-openapi-runtime", 1.2), ("M2(b)", "dd", 0.7),
        ] {
            guard let wireform = row(workload, "Wireform")?.wallMedianNanos,
                let peer = row(workload, other)?.wallMedianNanos
            else { continue }
            let ratio = peer / wireform
            lines.append(
                String(
                    format:
                        "| %@ vs %@ by wall time (information: other processes disturb it), goal ×%.1f | ×%.2f | %@ |",
                    workload, other, goal, ratio, ratio >= goal ? "yes" : "no"))
        }
        // Issue 13: from the values callers hold.
        if let any = row("A1 W1", "Wireform ParameterValue(any:) alone") {
            let perValue = any.medianNanos / Double(any.valuesPerOp ?? 20)
            lines.append(
                String(
                    format: "| A1 W1: ParameterValue(any:) ≤ 150 ns per value | %.0f ns | %@ |", perValue,
                    perValue <= 150 ? "yes" : "**no**"))
        }
        for shape in ["W1", "W2", "W3"] {
            add(
                "A1 \(shape): [String: Any] → query ≥ 5× the AFNetworking port",
                speedup("A1 \(shape)", over: "Foundation"), atLeast: 5)
        }
        for shape in ["W1", "W2", "W3"] {
            add(
                "E1 \(shape): Encodable → query ≥ 5× Hummingbird", speedup("E1 \(shape)", over: "Hummingbird"),
                atLeast: 5)
        }
        add(
            "J2: Encodable → JSON ≥ 1.5× JSONEncoder (.sortedKeys)", speedup("J2", over: "Foundation JSONEncoder"),
            atLeast: 1.5, format: "%.2f×")
        for (workload, implementation) in [
            ("R1 W1 GET", "urlRequest GET, URL value"), ("R1 W3 GET", "urlRequest GET, URL value"),
            ("R1 W1 POST", "urlRequest POST form"), ("R1 W3 POST", "urlRequest POST form"),
        ] {
            guard let request = row(workload, implementation), let slowdown = runRatio(request) else {
                lines.append("| \(workload): whole request ≤ 2× the query or body alone | not measured | — |")
                continue
            }
            lines.append(
                String(
                    format: "| %@: whole request ≤ 2× the %@ alone | %.2f× | %@ |", workload,
                    workload.hasSuffix("GET") ? "query string" : "form body", slowdown, slowdown <= 2 ? "yes" : "**no**"
                ))
        }
        // Issue 22: through swift-http-types, where no URL is parsed.
        for (workload, implementation) in [
            ("R1 W1 GET", "HTTPRequest GET, URL string"), ("R1 W1 POST", "HTTPRequest POST form, URL string"),
        ] {
            let alone = workload.hasSuffix("GET") ? "query string" : "form body"
            let target = "\(workload): whole HTTPRequest ≤ 1.5× the \(alone) alone"
            guard let request = row(workload, implementation), let slowdown = runRatio(request) else {
                lines.append("| \(target) | not measured | — |")
                continue
            }
            lines.append(String(format: "| %@ | %.2f× | %@ |", target, slowdown, slowdown <= 1.5 ? "yes" : "**no**"))
        }
        if let idle = idleRSSKiB {
            for workload in ["M2(a)", "M2(b)"] {
                let above = row(workload, "Wireform")?.peakRSSKiB.map { Double($0 - idle) / 1024 }
                guard let above else {
                    lines.append("| \(workload): peak RSS ≤ 8 MiB above idle | not measured | — |")
                    continue
                }
                lines.append(
                    String(
                        format: "| %@: peak RSS ≤ 8 MiB above idle (%.1f MiB) | %+.1f MiB | %@ |", workload,
                        Double(idle) / 1024, above, above <= 8 ? "yes" : "**no**"))
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// `uname -a`, the CPU model and core count.
enum Machine {
    /// The output of `uname -a`.
    static var uname: String { run("/bin/uname", ["-a"]) ?? "unknown" }

    /// The first line of `swift --version`, when `swift` is on the PATH.
    static var swiftVersion: String {
        run("/usr/bin/env", ["swift", "--version"])?.split(separator: "\n").first.map(String.init) ?? "unknown"
    }

    private static func run(_ path: String, _ arguments: [String]) -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static var cpuModel: String {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in text.split(separator: "\n") where line.hasPrefix("model name") {
            return line.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        }
        return "unknown"
    }

    static var coreCount: Int { ProcessInfo.processInfo.activeProcessorCount }

    static var memory: String {
        String(format: "%.1f GiB", Double(ProcessInfo.processInfo.physicalMemory) / Double(1 << 30))
    }

    /// The commit of the working tree (with `+dirty` when it has uncommitted changes).
    static var commit: String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().path
        let hash = run("/usr/bin/env", ["git", "-C", directory, "rev-parse", "--short=12", "HEAD"]) ?? "unknown"
        // The whole repository: the library sources are measured too. RESULTS.md itself is left out.
        let status =
            (run("/usr/bin/env", ["git", "-C", directory, "status", "--porcelain", "--untracked-files=no"]) ?? "")
            .split(separator: "\n").filter { !$0.hasSuffix("Benchmarks/RESULTS.md") }.joined()
        return status.isEmpty ? hash : hash + "+dirty"
    }

    static var loadAverage: String {
        (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").prefix(3)
            .joined(separator: " ") ?? "unknown"
    }

}
