import Foundation
import Hummingbird
import MallocInterposerSwift
import Wireform
import WireformFormURLEncoded
import WireformFoundation
import WireformHTTPTypes
import WireformJSONBody

// wireform-bench: Wireform against its Swift peers on the same workloads in the same run.
//
//   swift run -c release wireform-bench                 all workloads, writes ../RESULTS.md
//   swift run -c release wireform-bench --only W1,W3    only workloads whose id starts with W1 or W3
//   options: --samples N (default 11), --sample-ms N (default 60), --no-write, --results PATH

var arguments = Array(CommandLine.arguments.dropFirst())

if arguments.first == "--child", arguments.count >= 2 {
    try await StreamingBenchmarks.runChildCase(arguments[1])
    exit(0)
}

if arguments.first == "--profile", arguments.count >= 2 {
    // A single Wireform workload in a loop, for `valgrind --tool=callgrind`.
    let iterations = arguments.count >= 3 ? Int(arguments[2]) ?? 1_000 : 1_000
    let style: StandardQueryStyle = .brackets
    let parameters: ParameterValue
    switch arguments[1] {
    case "W1": parameters = FlatInput().parameterValue
    case "W1-build":
        let input = FlatInput()
        for _ in 0..<iterations { consume(try style.queryString(for: input.parameterValue).utf8.count) }
        exit(0)
    case "A1-W1", "A1-W2", "A1-W3":
        let any = CallerShape.all(hummingbird: URLEncodedFormEncoder())[Int(arguments[1].suffix(1))! - 1].any
        for _ in 0..<iterations { consume(try style.queryString(for: ParameterValue(any: any)).utf8.count) }
        exit(0)
    case "E1-W1", "E1-W2", "E1-W3":
        let shape = CallerShape.all(hummingbird: URLEncodedFormEncoder())[Int(arguments[1].suffix(1))! - 1]
        for _ in 0..<iterations { consume(try shape.queryFromValue(style).utf8.count) }
        exit(0)
    case "J1":
        // The tree path: a `ParameterValue` written by `JSONBodySerializer`.
        let serializer = JSONBodySerializer()
        let tree = JSONBenchmarks.parameterValue
        for _ in 0..<iterations {
            consume(try serializer.serialize(tree, context: BodySerializationContext()).body.bytes!.count)
        }
        exit(0)
    case "J2":
        let serializer = JSONBodySerializer()
        for _ in 0..<iterations {
            consume(
                try serializer.serialize(encodable: JSONBenchmarks.items, context: BodySerializationContext()).body
                    .bytes!.count)
        }
        exit(0)
    case "R1-W1", "R1-W3", "R1-POST", "R1-POST-W3":
        let serializer = RequestSerializer()
        let input = arguments[1].hasSuffix("W3") ? IDsInput(count: 1_000).parameterValue : FlatInput().parameterValue
        let method: RequestMethod = arguments[1].hasPrefix("R1-POST") ? .post : .get
        for _ in 0..<iterations {
            consume(
                try serializer.serializedRequest(method: method, url: CallerBenchmarks.url, parameters: input)
                    .urlRequest().url == nil
                    ? 0 : 1)
        }
        exit(0)
    case "R1-HT-W1", "R1-HT-POST":
        let serializer = RequestSerializer()
        let input = FlatInput().parameterValue
        let method: RequestMethod = arguments[1] == "R1-HT-POST" ? .post : .get
        for _ in 0..<iterations {
            let (request, body) = try serializer.serializedRequest(
                method: method, url: CallerBenchmarks.text, parameters: input
            ).httpRequest()
            consume((request.path?.utf8.count ?? 0) + (body?.bytes?.count ?? 0))
        }
        exit(0)
    case "R1-HT-FLOOR":
        // swift-http-types alone for the R1 W1 GET request, with the query made once outside the loop.
        let serializer = RequestSerializer()
        let input = FlatInput().parameterValue
        let made = try serializer.serializedRequest(method: .get, url: CallerBenchmarks.text, parameters: input)
            .httpRequest().request
        let (path, headers) = (made.path ?? "", HTTPTypesFloor.headers(of: made))
        for _ in 0..<iterations {
            consume(HTTPTypesFloor.request(method: .get, path: path, headers: headers).path?.utf8.count ?? 0)
        }
        exit(0)
    case "POST-W1":
        let form = FormURLEncodedSerializer()
        let input = FlatInput().parameterValue
        for _ in 0..<iterations {
            consume(try form.serialize(input, context: BodySerializationContext()).body.bytes?.count ?? 0)
        }
        exit(0)
    case "W2": parameters = NestedInput.parameterValue
    case "W2-build":
        for _ in 0..<iterations { consume(try style.queryString(for: NestedInput.parameterValue).utf8.count) }
        exit(0)
    case "W3-16k": parameters = IDsInput(count: 16_000).parameterValue
    default: parameters = IDsInput(count: 1_000).parameterValue
    }
    for _ in 0..<iterations { consume(try style.queryString(for: parameters).utf8.count) }
    exit(0)
}

if arguments.first == "--check-allocations" {
    print("interposer active:", Allocations.isActive, MallocInterposerSwift.getStatistics())
    exit(0)
}

var only: [String] = []
var runCount = 3
var writeResults = true
var resultsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("RESULTS.md").path
var index = 0
while index < arguments.count {
    let argument = arguments[index]
    let value = index + 1 < arguments.count ? arguments[index + 1] : ""
    switch argument {
    case "--only":
        only = value.split(separator: ",").map(String.init)
        index += 1
    case "--samples":
        harnessOptions.samples = max(5, Int(value) ?? 7)
        index += 1
    case "--sample-ms":
        harnessOptions.sampleNanos = UInt64(max(5, Int(value) ?? 60)) * 1_000_000
        index += 1
    case "--results":
        resultsPath = value
        index += 1
    case "--runs":
        runCount = max(1, Int(value) ?? 3)
        index += 1
    case "--no-write":
        writeResults = false
    default:
        log("unknown argument \(argument)")
        exit(64)
    }
    index += 1
}

@MainActor func selected(_ id: String) -> Bool {
    only.isEmpty || only.contains { id.hasPrefix($0) || $0.hasPrefix(id) }
}

#if DEBUG
    log("warning: this is a debug build; run with `swift run -c release wireform-bench` for real numbers")
#endif

@MainActor func runAllWorkloads(run: Int) async throws -> (rows: [Row], idleRSS: Int?) {
    log("run \(run) of \(runCount)")
    var rows: [Row] = []
    var idleRSS: Int?
    if selected("W1") || selected("W2") || selected("W3") {
        log("W1–W3: query strings")
        var queryRows: [Row] = []
        if selected("W1") { try QueryBenchmarks.runFlat(into: &queryRows) }
        if selected("W2") { try QueryBenchmarks.runNested(into: &queryRows) }
        if selected("W3") {
            for count in [1_000, 4_000, 16_000] { try QueryBenchmarks.runIDs(count: count, into: &queryRows) }
        }
        rows += queryRows
    }
    if selected("W4") {
        log("W4: percent-escaping")
        EscapeBenchmarks.run(into: &rows)
    }
    if selected("J1") {
        log("J1: JSON")
        try JSONBenchmarks.run(into: &rows)
    }
    if selected("A1") {
        log("A1: [String: Any] → query")
        try CallerBenchmarks.runAny(into: &rows)
    }
    if selected("E1") {
        log("E1: Encodable → query / form")
        try CallerBenchmarks.runEncodable(into: &rows)
    }
    if selected("J2") {
        log("J2: Encodable → JSON")
        try CallerBenchmarks.runJSON(into: &rows)
    }
    if selected("R1") {
        log("R1: whole request")
        try CallerBenchmarks.runRequest(into: &rows)
    }
    if selected("M1") {
        log("M1: multipart in memory")
        rows += try await MultipartBenchmarks.run()
    }
    if selected("M2") {
        log("M2: streaming a 256 MiB file part (child processes)")
        idleRSS = try StreamingBenchmarks.run(into: &rows, samples: harnessOptions.samples)
    }
    return (rows, idleRSS)
}

let started = Date()
let commitAtStart = Machine.commit
var runs: [[Row]] = []
var idleRSS: Int?
for run in 1...runCount {
    let result = try await runAllWorkloads(run: run)
    runs.append(result.rows)
    idleRSS = idleRSS ?? result.idleRSS
}
let rows = Report.aggregate(runs, idleKiB: idleRSS)

let report = Report(rows: rows, idleRSSKiB: idleRSS)
let elapsed = Date().timeIntervalSince(started)
let dateText = ISO8601DateFormatter().string(from: started)
print(report.table)
print("")
print(report.targets)
print("")
print(String(format: "Finished in %.0f s.", elapsed))

if writeResults {
    let document = """
        # Wireform benchmark results

        Generated by `cd Benchmarks && swift run -c release wireform-bench\(CommandLine.arguments.dropFirst().map { " " + $0 }.joined())` (see README.md).

        - Date: \(dateText)
        - Machine: `\(Machine.uname)`
        - CPU: \(Machine.cpuModel), \(Machine.coreCount) cores; memory \(Machine.memory); load average at the end \(Machine.loadAverage)
        - Toolchain: \(Machine.swiftVersion)
        - Commit measured: `\(commitAtStart == Machine.commit ? commitAtStart : "\(commitAtStart), then \(Machine.commit)")`
        - Run time: \(String(format: "%.0f", elapsed)) s for \(runCount) full runs; each run \(harnessOptions.samples) samples of ~\(harnessOptions.sampleNanos / 1_000_000) ms CPU time per implementation after a warm-up\(only.isEmpty ? "" : "; only \(only.joined(separator: ","))")

        Every figure is the median of \(runCount) full runs of the whole harness; each run's figure is the median of
        its samples of per-operation process CPU time (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`), with the samples
        of the implementations of a workload interleaved. The ratio is computed within each run (peers side by side)
        and shown as the median with its min–max across the runs; the spread column is the min–max of the runs'
        medians. M2 runs each sample in a child process and uses its CPU time
        (user + system); wall-time throughput and the child's own peak RSS are in the notes. Ratio = the reference
        row's speed ÷ this row's speed, so above 1 means the reference (Wireform, where present) is faster.
        Allocs/op = `malloc` calls per operation (ordo-one malloc-interposer). See README.md for the method.

        \(report.table)

        ## Targets (issues 6 and 13)

        \(report.targets)

        """
    // Sections measured separately (other commands, other packages) follow this marker and are kept as they are.
    let marker = "<!-- Measured separately: kept when the harness rewrites this file. -->"
    var kept = ""
    if let previous = try? String(contentsOfFile: resultsPath, encoding: .utf8), let start = previous.range(of: marker)
    {
        kept = "\n" + previous[start.lowerBound...]
    }
    try (document + kept).write(toFile: resultsPath, atomically: true, encoding: .utf8)
    log("wrote \(resultsPath)")
}
