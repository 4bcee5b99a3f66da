import Foundation
import Wireform
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

/// `--profile` cases for bodies and for the direct counterpart of A1-W3, on the timed harness's workloads, each a
/// single Wireform call in a loop for `valgrind --tool=callgrind` (`Scripts/instruction-table` runs them).
enum BodyProfiles {
    /// The case ids this type runs.
    static let ids: Set<String> = ["J1", "M1", "M1-constant", "P1", "P2", "A1-W3-direct"]

    /// Runs `id` `iterations` times.
    /// - Parameters:
    ///   - id: One of ``ids``:
    ///     - `J1`: J1's 1,000-object `ParameterValue` tree → `JSONBodySerializer.serialize(_:context:)`;
    ///     - `M1`: M1's form (100 × 1 KiB text fields, 10 × 100 KiB files) built and written with
    ///       `encodedBytes()`, random boundary (the timed reference row); `M1-constant`: the constant boundary,
    ///       whose parts are checked for the delimiter;
    ///     - `P1` / `P2`: J1's tree → `PropertyListBodySerializer`, XML / binary;
    ///     - `A1-W3-direct`: the A1-W3 call (tree from the caller's 1,000 `Int`s, then the bracket query) with
    ///       the tree built from the typed `[Int]` (`.number(ParameterNumber(id))`, as `IDsInput` does) instead
    ///       of `ParameterValue(any:)` on the `[String: Any]`.
    ///   - iterations: The number of calls.
    /// - Throws: The serializers' errors (none for these inputs).
    static func run(_ id: String, iterations: Int) throws {
        switch id {
        case "J1":
            let serializer = JSONBodySerializer()
            let tree = JSONBenchmarks.parameterValue
            for _ in 0..<iterations { consume(try WireformJSON.jsonBytes(serializer, tree).count) }
        case "M1", "M1-constant":
            let input = MultipartInput()
            let constant = id == "M1-constant"
            for _ in 0..<iterations { consume(try WireformMultipartBench.m1(input, constant: constant)) }
        case "P1", "P2":
            let serializer = PropertyListBodySerializer(format: id == "P1" ? .xml : .binary)
            let tree = JSONBenchmarks.parameterValue
            for _ in 0..<iterations {
                consume(try serializer.serialize(tree, context: BodySerializationContext()).body.bytes?.count ?? 0)
            }
        case "A1-W3-direct":
            let ids = IDsInput(count: 1_000).ids
            let style: StandardQueryStyle = .brackets
            for _ in 0..<iterations {
                let tree: ParameterValue = ["ids": .array(ids.map { .number(ParameterNumber($0)) })]
                consume(try style.queryString(for: tree).utf8.count)
            }
        default:
            break
        }
    }
}
