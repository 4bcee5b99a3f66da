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
        let text = MultipartRawPart(
            name: textFieldName, filename: nil, headerFields: [:], body: HTTPBody(textFieldValue))
        var headers = HTTPFields()
        return try MultipartBenchmarks.openAPIConverter.setRequiredRequestBodyAsMultipart(
            MultipartBody([text, part]),
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

    /// One M2 implementation: a child case of this executable, or `dd` with its arguments.
    struct M2Case {
        var workload: String
        var implementation: String
        var child: String?
        var ddArguments: [String] = []
        var isReference = false
        var cpu: [Double] = []
        var wall: [Double] = []
        var peakRSSKiB = 0
    }

    /// The text field every M2 body carries before the file part (the workload is one small field + the file).
    static let textFieldName = "note"
    static let textFieldValue = "M2: one small text field before the 256 MiB file part"

    /// One child run: CPU and wall time, peak RSS, or `nil` when it failed or produced too few bytes.
    static func runSelfOnce(_ name: String) -> (cpu: Double, wall: Double, peak: Int, bytes: Int)? {
        let resultPath = directory + "/child-result.txt"
        unlink(outputPath)
        let run = runChild(ownExecutablePath(), ["--child", name], stdoutPath: resultPath)
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
        return (fields[3], fields[0], Int(fields[2]), Int(fields[1]))
    }

    /// `dd`'s start-up CPU and wall time (`count=0`), subtracted from its runs.
    static func ddOverhead(_ arguments: [String]) -> (cpu: Double, wall: Double) {
        var cpu: [Double] = []
        var wall: [Double] = []
        for _ in 0..<5 {
            let run = runChild("/bin/dd", arguments + ["count=0"])
            cpu.append(Double(run.cpuNanos))
            wall.append(Double(run.wallNanos))
        }
        return (median(cpu.sorted()), median(wall.sorted()))
    }

    static func ddPeakRSS(_ arguments: [String]) -> Int {
        let rssPath = directory + "/dd-rss.txt"
        _ = runChild("/usr/bin/time", ["-f", "%M", "-o", rssPath, "/bin/dd"] + arguments)
        unlink(outputPath)
        return Int(
            ((try? String(contentsOfFile: rssPath, encoding: .utf8)) ?? "")
                .trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    /// The SHA-256 of `count` bytes of a file from `offset`, with `sha256sum` (a check before timing, not timed).
    static func sha256(of path: String, offset: Int, count: Int) -> String {
        let resultPath = directory + "/sha256.txt"
        let script = "tail -c +\(offset + 1) '\(path)' | head -c \(count) | sha256sum"
        _ = runChild("/bin/sh", ["-c", script], stdoutPath: resultPath)
        return ((try? String(contentsOfFile: resultPath, encoding: .utf8)) ?? "").split(separator: " ").first.map(
            String.init) ?? "?"
    }

    /// Checks a body written to ``outputPath`` before timing: the text field, then the file part whose content has
    /// the input's SHA-256, then the closing delimiter.
    static func verifyWrittenBody(_ name: String, inputHash: String) {
        guard let handle = FileHandle(forReadingAtPath: outputPath) else {
            check(false, "M2 \(name): no output file")
            return
        }
        let head = [UInt8](handle.readData(ofLength: 4096))
        let size = Int(handle.seekToEndOfFile())
        try? handle.close()
        let text = String(decoding: head, as: UTF8.self)
        check(text.contains(textFieldValue), "M2 \(name): the text field is missing")
        guard let fileHeader = text.range(of: "filename=\"m2-input.bin\""),
            let blank = text.range(of: "\r\n\r\n", range: fileHeader.upperBound..<text.endIndex)
        else {
            check(false, "M2 \(name): no file part header")
            return
        }
        let offset = text.utf8.distance(from: text.startIndex, to: blank.upperBound)
        check(size > offset + fileSize, "M2 \(name): body too short (\(size) bytes)")
        let hash = sha256(of: outputPath, offset: offset, count: fileSize)
        check(hash == inputHash, "M2 \(name): file part SHA-256 \(hash) is not the input's \(inputHash)")
        let tail = sha256(of: outputPath, offset: offset + fileSize, count: 4)
        check(tail == sha256String("\r\n--"), "M2 \(name): the file part is not followed by a delimiter")
        log("M2: \(name) body checked (text field, file part SHA-256 \(hash.prefix(16))…, delimiter)")
    }

    /// The SHA-256 of a short string, with `sha256sum`.
    static func sha256String(_ string: String) -> String {
        let path = directory + "/sha-input.txt"
        try? string.write(toFile: path, atomically: true, encoding: .utf8)
        return sha256(of: path, offset: 0, count: string.utf8.count)
    }

    static func run(into rows: inout [Row], samples: Int = 5) throws -> Int {
        try makeInputFile()
        // Warm the page cache so every case reads from memory.
        _ = runChild("/bin/dd", ["if=\(inputPath)", "of=/dev/null", "bs=1M"])
        var idlePeaks: [Int] = []
        for _ in 0..<3 { if let idle = runSelfOnce("idle") { idlePeaks.append(idle.peak) } }
        let idle = idlePeaks.max() ?? 0
        log(String(format: "M2: idle process peak RSS %.1f MiB", Double(idle) / 1024))

        // Outputs first: each body written once and its file part checked by SHA-256 against the input.
        let inputHash = sha256(of: inputPath, offset: 0, count: fileSize)
        var bodySizes: [String: Int] = [:]
        for name in ["wireform-file", "wireform-file-constant", "openapi-file"] {
            guard let result = runSelfOnce(name) else { continue }
            verifyWrittenBody(name, inputHash: inputHash)
            bodySizes[name] = result.bytes
        }
        unlink(outputPath)
        for (sinkName, fileName) in [
            ("wireform-sink", "wireform-file"), ("wireform-sink-async", "wireform-file"),
            ("wireform-sink-constant", "wireform-file-constant"), ("openapi-sink", "openapi-file"),
        ] {
            let streamed = runSelfOnce(sinkName)?.bytes
            check(
                streamed == bodySizes[fileName],
                "M2 \(sinkName) streams \(streamed ?? -1) bytes, \(fileName) wrote \(bodySizes[fileName] ?? -1)")
        }

        let sink = "M2(a) 256 MiB file + text field → discarding sink"
        let file = "M2(b) 256 MiB file + text field → file"
        let sinkDD = ["if=\(inputPath)", "of=/dev/null", "bs=256k"]
        let fileDD = ["if=\(inputPath)", "of=\(outputPath)", "bs=1M"]
        var cases = [
            M2Case(
                workload: sink, implementation: "Wireform, BodyReader (256 KiB reads)", child: "wireform-sink",
                isReference: true),
            M2Case(workload: sink, implementation: "Wireform, async chunks (256 KiB)", child: "wireform-sink-async"),
            M2Case(
                workload: sink, implementation: "Wireform, BodyReader, constant boundary (delimiter check)",
                child: "wireform-sink-constant"),
            M2Case(
                workload: sink, implementation: "swift-openapi-runtime multipart (64 KiB file chunks)",
                child: "openapi-sink"),
            M2Case(
                workload: sink, implementation: "dd if=FILE of=/dev/null bs=256k (Wireform's read size)",
                ddArguments: sinkDD),
            M2Case(
                workload: file, implementation: "Wireform, MessageBody.write(to:) (1 MiB chunks)",
                child: "wireform-file",
                isReference: true),
            M2Case(
                workload: file, implementation: "Wireform, write(to:), constant boundary (delimiter check)",
                child: "wireform-file-constant"),
            M2Case(workload: file, implementation: "swift-openapi-runtime multipart → write(2)", child: "openapi-file"),
            M2Case(
                workload: file, implementation: "dd if=FILE of=OUT bs=1M (Wireform's write size)", ddArguments: fileDD),
        ]
        let overheads = cases.map { $0.child == nil ? ddOverhead($0.ddArguments) : (0, 0) }
        // Sample 0 warms up and is dropped; every later sample runs each case once, in turn (interleaved).
        for sample in 0...samples {
            for index in cases.indices {
                if let child = cases[index].child {
                    guard let result = runSelfOnce(child) else { continue }
                    if sample > 0 {
                        cases[index].cpu.append(result.cpu)
                        cases[index].wall.append(result.wall)
                        cases[index].peakRSSKiB = max(cases[index].peakRSSKiB, result.peak)
                    }
                } else {
                    unlink(outputPath)
                    let run = runChild("/bin/dd", cases[index].ddArguments)
                    if sample > 0 {
                        cases[index].cpu.append(max(1, Double(run.cpuNanos) - overheads[index].0))
                        cases[index].wall.append(max(1, Double(run.wallNanos) - overheads[index].1))
                    }
                }
            }
        }
        unlink(outputPath)
        for index in cases.indices where cases[index].child == nil {
            cases[index].peakRSSKiB = ddPeakRSS(cases[index].ddArguments)
        }
        for m2 in cases where !m2.cpu.isEmpty {
            var result = row(
                m2.workload, m2.implementation,
                CaseResult(cpuNanos: m2.cpu.sorted(), wallNanos: m2.wall.sorted(), peakRSSKiB: m2.peakRSSKiB),
                idleKiB: idle)
            result.isReference = m2.isReference
            rows.append(result)
        }
        return idle
    }
}
