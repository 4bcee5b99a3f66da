import Foundation
import Wireform

/// Wireform's J1 entry; empty until `WireformJSONBody` lands on main.
enum WireformJSON {
    static func candidate(parameters: ParameterValue, items: [JSONBenchmarks.Item]) throws -> Candidate? { nil }
}
