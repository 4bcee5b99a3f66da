import Foundation
import HTTPTypes
@_spi(Generated) import OpenAPIRuntime

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// M2: one 256 MiB file part streamed (a) into a sink that discards the bytes and (b) into a file, each run in a
/// child process so its peak RSS can be read; `dd` runs in the same way as the yardstick.
enum StreamingBenchmarks {
    static let fileSize = 256 << 20

    static var directory: String {
        ProcessInfo.processInfo.environment["WIREFORM_BENCH_DIR"] ?? NSTemporaryDirectory() + "wireform-benchmarks-m2"
    }
    static var inputPath: String { directory + "/m2-input.bin" }
    static var outputPath: String { directory + "/m2-output.bin" }

    /// Creates the 256 MiB random file once; later runs reuse it.
    static func makeInputFile() throws {
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        if let attributes = try? FileManager.default.attributesOfItem(atPath: inputPath),
            (attributes[.size] as? NSNumber)?.intValue == fileSize
        {
            return
        }
        log("M2: writing \(fileSize >> 20) MiB of random bytes to \(inputPath)")
        let fd = open(inputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var generator = SeededGenerator(seed: 256)
        var chunk = [UInt64](repeating: 0, count: (1 << 20) / 8)
        for _ in 0..<(fileSize >> 20) {
            for index in chunk.indices { chunk[index] = generator.next() }
            try chunk.withUnsafeBytes { try writeAll(fd, $0) }
        }
    }

    // MARK: Child side

    /// Runs one case in this (child) process and prints its wall time in nanoseconds.
    static func runChildCase(_ name: String) async throws {
        if name == "idle" {
            print(0, 0, peakRSSKiBOfThisProcess(), 0)
            return
        }
        let start = wallNanoseconds()
        let startCPU = processCPUNanoseconds()
        let bytes: Int
        switch name {
        case "openapi-sink": bytes = try await openAPISink()
        case "openapi-file": bytes = try await openAPIFile()
        default:
            if let count = try await WireformMultipartBench.runStreamingCase(name, input: inputPath, output: outputPath)
            {
                bytes = count
            } else {
                throw POSIXError(.EINVAL)
            }
        }
        let elapsed = wallNanoseconds() - start
        let cpu = processCPUNanoseconds() - startCPU
        print(elapsed, bytes, peakRSSKiBOfThisProcess(), cpu)
    }

    static func openAPIBody() throws -> HTTPBody {
        let part = MultipartRawPart(
            name: "file",
            filename: "m2-input.bin",
            headerFields: [.contentType: "application/octet-stream"],
            body: HTTPBody(
                FileChunks(path: inputPath, chunkSize: 64 << 10), length: .known(Int64(fileSize)),
                iterationBehavior: .single)
        )
        var headers = HTTPFields()
        return try MultipartBenchmarks.openAPIConverter.setRequiredRequestBodyAsMultipart(
            MultipartBody([part]),
            headerFields: &headers,
            contentType: "multipart/form-data",
            allowsUnknownParts: true,
            requiredExactlyOncePartNames: [],
            requiredAtLeastOncePartNames: [],
            atMostOncePartNames: [],
            zeroOrMoreTimesPartNames: [],
            encoding: { $0 }
        )
    }

    static func openAPISink() async throws -> Int {
        var total = 0
        for try await chunk in try openAPIBody() { total += chunk.count }
        return total
    }

    static func openAPIFile() async throws -> Int {
        let fd = open(outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        defer { close(fd) }
        var total = 0
        for try await chunk in try openAPIBody() {
            try chunk.withUnsafeBytes { try writeAll(fd, $0) }
            total += chunk.count
        }
        return total
    }

    // MARK: Parent side

    struct CaseResult {
        /// Per-run CPU time (user + system) of the work, sorted.
        var cpuNanos: [Double]
        /// Per-run wall time of the work, sorted.
        var wallNanos: [Double]
        var peakRSSKiB: Int
    }

    /// Runs this executable in child mode `samples` times (after one warm-up) and collects its own timings.
    static func runSelf(_ name: String, samples: Int) -> CaseResult? {
        let executable = ownExecutablePath()
        let resultPath = directory + "/child-result.txt"
        var cpu: [Double] = []
        var wall: [Double] = []
        var peak = 0
        for index in 0...samples {
            unlink(outputPath)
            let run = runChild(executable, ["--child", name], stdoutPath: resultPath)
            let fields = ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "")
                .split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
            guard run.exitStatus == 0, fields.count == 4 else {
                log("M2: child case \(name) failed (status \(run.exitStatus))")
                return nil
            }
            if name != "idle" && fields[1] < Double(fileSize) {
                log("M2: child case \(name) produced only \(Int(fields[1])) bytes")
                return nil
            }
            if index > 0 {
                wall.append(fields[0])
                cpu.append(fields[3])
                // The child's own high-water mark (VmHWM): `wait4`'s ru_maxrss would include this parent's RSS,
                // which a spawned child inherits until it calls exec.
                peak = max(peak, Int(fields[2]))
            }
        }
        unlink(outputPath)
        return CaseResult(cpuNanos: cpu.sorted(), wallNanos: wall.sorted(), peakRSSKiB: peak)
    }

    /// Runs `dd` `samples` times, minus its start-up cost (the median of `count=0` runs), for CPU time (`wait4`) and
    /// wall time; then once under `/usr/bin/time` (a small parent, so the peak RSS is dd's own).
    static func runDD(_ arguments: [String], samples: Int) -> CaseResult {
        var startupCPU: [Double] = []
        var startupWall: [Double] = []
        for _ in 0..<5 {
            let run = runChild("/bin/dd", arguments + ["count=0"])
            startupCPU.append(Double(run.cpuNanos))
            startupWall.append(Double(run.wallNanos))
        }
        let cpuOverhead = median(startupCPU.sorted())
        let wallOverhead = median(startupWall.sorted())
        var cpu: [Double] = []
        var wall: [Double] = []
        for index in 0...samples {
            unlink(outputPath)
            let run = runChild("/bin/dd", arguments)
            if index > 0 {
                cpu.append(max(1, Double(run.cpuNanos) - cpuOverhead))
                wall.append(max(1, Double(run.wallNanos) - wallOverhead))
            }
        }
        unlink(outputPath)
        let rssPath = directory + "/dd-rss.txt"
        _ = runChild("/usr/bin/time", ["-f", "%M", "-o", rssPath, "/bin/dd"] + arguments)
        unlink(outputPath)
        let rss =
            Int(
                ((try? String(contentsOfFile: rssPath, encoding: .utf8)) ?? "")
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        return CaseResult(cpuNanos: cpu.sorted(), wallNanos: wall.sorted(), peakRSSKiB: rss)
    }

    static func row(_ workload: String, _ implementation: String, _ result: CaseResult, idleKiB: Int) -> Row {
        var row = Row(
            workload: workload, implementation: implementation, medianNanos: median(result.cpuNanos),
            minNanos: result.cpuNanos.first ?? 0, maxNanos: result.cpuNanos.last ?? 0, samples: result.cpuNanos.count,
            iterationsPerSample: 1, unit: .megabytesPerSecond, bytesPerOp: fileSize, clock: "cpu of child")
        row.peakRSSKiB = result.peakRSSKiB
        row.wallMedianNanos = median(result.wallNanos)
        let wallThroughput = Double(fileSize) / median(result.wallNanos) * 1_000
        row.note = String(
            format: "wall %.0f MB/s; peak RSS %.1f MiB (%+.1f MiB vs idle)", wallThroughput,
            Double(result.peakRSSKiB) / 1024, Double(result.peakRSSKiB - idleKiB) / 1024)
        return row
    }

    static func run(into rows: inout [Row], samples: Int = 5) throws -> Int {
        try makeInputFile()
        // Warm the page cache so every case reads from memory.
        _ = runChild("/bin/dd", ["if=\(inputPath)", "of=/dev/null", "bs=1M"])
        let idle = runSelf("idle", samples: 3)?.peakRSSKiB ?? 0
        log("M2: start-up overhead of dd under /usr/bin/time is subtracted from dd's times")
        log(String(format: "M2: idle process peak RSS %.1f MiB", Double(idle) / 1024))

        let sink = "M2(a) 256 MiB file part → discarding sink"
        if WireformMultipartBench.isAvailable, let result = runSelf("wireform-sink", samples: samples) {
            var wireform = row(sink, "Wireform, BodyReader (256 KiB reads)", result, idleKiB: idle)
            wireform.isReference = true
            rows.append(wireform)
        }
        if WireformMultipartBench.isAvailable, let result = runSelf("wireform-sink-async", samples: samples) {
            rows.append(row(sink, "Wireform, async chunks (256 KiB)", result, idleKiB: idle))
        }
        if WireformMultipartBench.isAvailable, let result = runSelf("wireform-sink-constant", samples: samples) {
            rows.append(row(sink, "Wireform, BodyReader, constant boundary (delimiter check)", result, idleKiB: idle))
        }
        if let result = runSelf("openapi-sink", samples: samples) {
            rows.append(row(sink, "swift-openapi-runtime multipart (64 KiB file chunks)", result, idleKiB: idle))
        }
        rows.append(
            row(
                sink, "dd if=FILE of=/dev/null bs=64k",
                runDD(["if=\(inputPath)", "of=/dev/null", "bs=64k"], samples: samples),
                idleKiB: idle))

        let file = "M2(b) 256 MiB file part → file"
        if WireformMultipartBench.isAvailable, let result = runSelf("wireform-file", samples: samples) {
            var wireform = row(file, "Wireform, RequestBody.write(to:)", result, idleKiB: idle)
            wireform.isReference = true
            rows.append(wireform)
        }
        if WireformMultipartBench.isAvailable, let result = runSelf("wireform-file-constant", samples: samples) {
            rows.append(row(file, "Wireform, write(to:), constant boundary (delimiter check)", result, idleKiB: idle))
        }
        if let result = runSelf("openapi-file", samples: samples) {
            rows.append(row(file, "swift-openapi-runtime multipart → write(2)", result, idleKiB: idle))
        }
        rows.append(
            row(
                file, "dd if=FILE of=OUT bs=1M",
                runDD(["if=\(inputPath)", "of=\(outputPath)", "bs=1M"], samples: samples),
                idleKiB: idle))
        return idle
    }
}
