import Foundation
import Wireform

/// Wireform's J1 entry; empty until `WireformJSONBody` lands on main.
enum WireformJSON {
    static func measureJ1(workload: String, parameters: ParameterValue, items: [JSONBenchmarks.Item]) throws -> Row? {
        nil
    }
}
