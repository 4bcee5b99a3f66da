import Foundation
import Wireform

/// J1: a 1,000-element array of small objects → JSON body.
enum JSONBenchmarks {
    struct Item: Codable {
        var id: Int
        var name: String
        var email: String
        var active: Bool
        var score: Double
        var tags: [String]
    }

    static let items: [Item] = (0..<1_000).map { index in
        Item(
            id: index,
            name: "user \(index)",
            email: "user\(index)@example.com",
            active: index % 3 == 0,
            score: Double(index) / 4,
            tags: ["t\(index % 7)", "group\(index % 11)"]
        )
    }

    static var anyArray: [Any] {
        items.map { item -> Any in
            [
                "id": item.id, "name": item.name, "email": item.email, "active": item.active, "score": item.score,
                "tags": item.tags,
            ] as [String: Any]
        }
    }

    static var parameterValue: ParameterValue {
        .array(
            items.map { item in
                [
                    "id": .number(ParameterNumber(item.id)), "name": .string(item.name),
                    "email": .string(item.email),
                    "active": .bool(item.active), "score": .number(ParameterNumber(item.score)),
                    "tags": .array(item.tags.map { .string($0) }),
                ]
            })
    }

    static func run(into rows: inout [Row]) throws {
        let workload = "J1 JSON 1k objects"
        let any = anyArray
        let encoder = JSONEncoder()
        let decodedEncoder = try JSONDecoder().decode([Item].self, from: try encoder.encode(items))
        check(decodedEncoder.count == items.count, "J1 JSONEncoder round trip")
        let serializationOutput = try JSONSerialization.data(withJSONObject: any)
        check(
            try JSONDecoder().decode([Item].self, from: serializationOutput).count == items.count,
            "J1 JSONSerialization")

        var candidates: [Candidate] = []
        if let wireform = try WireformJSON.candidate(parameters: parameterValue, items: items) {
            candidates.append(wireform)
            candidates.append(WireformJSON.encoderCandidate(items: items))
        }
        candidates.append(
            Candidate(implementation: "Foundation JSONEncoder (Codable)") { try encoder.encode(items).count })
        candidates.append(
            Candidate(implementation: "Foundation JSONSerialization ([String: Any])") {
                try JSONSerialization.data(withJSONObject: any).count
            })
        rows += try measureInterleaved(workload, candidates)
    }
}
