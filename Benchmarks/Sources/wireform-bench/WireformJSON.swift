import Foundation
import Wireform
import WireformJSONBody

/// Wireform's J1 entries.
enum WireformJSON {
    static func candidate(parameters: ParameterValue, items: [JSONBenchmarks.Item]) throws -> Candidate? {
        let serializer = JSONBodySerializer()
        let bytes = try jsonBytes(serializer, parameters)
        let decoded = try JSONDecoder().decode([JSONBenchmarks.Item].self, from: Data(bytes))
        check(decoded.count == items.count && decoded.last?.email == items.last?.email, "J1 Wireform JSON round trip")
        return Candidate(implementation: "Wireform JSONBodySerializer (ParameterValue)", isReference: true) {
            try jsonBytes(serializer, parameters).count
        }
    }

    /// The same body from the Codable value, through ``ParameterValueEncoder`` (information, not a target).
    static func encoderCandidate(items: [JSONBenchmarks.Item]) -> Candidate {
        let serializer = JSONBodySerializer()
        return Candidate(implementation: "Wireform, Codable → ParameterValueEncoder → JSONBodySerializer") {
            try jsonBytes(serializer, try ParameterValueEncoder().encode(items)).count
        }
    }

    /// The body's bytes, through the public `serialize(_:context:)`.
    static func jsonBytes(_ serializer: JSONBodySerializer, _ parameters: ParameterValue) throws -> [UInt8] {
        try serializer.serialize(parameters, context: BodySerializationContext()).body.bytes ?? []
    }
}
