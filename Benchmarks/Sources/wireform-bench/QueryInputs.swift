import Foundation
import Wireform

/// W1: 20 keys `key0`…`key19` with 16-character ASCII values.
struct FlatInput {
    let keys: [String]
    let values: [String]

    init() {
        var generator = SeededGenerator(seed: 1)
        let alphabet = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
        keys = (0..<20).map { "key\($0)" }
        values = (0..<20).map { _ in
            String((0..<16).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] })
        }
    }

    var parameterValue: ParameterValue {
        .dictionary(ParameterDictionary(zip(keys, values).map { ($0, ParameterValue.string($1)) }))
    }

    var stringDictionary: [String: String] {
        Dictionary(uniqueKeysWithValues: zip(keys, values))
    }

    var anyDictionary: [String: Any] {
        Dictionary(uniqueKeysWithValues: zip(keys, values).map { ($0, $1 as Any) })
    }
}

/// W2's nested tree, as a Codable value for the Codable-based peers.
struct NestedInput: Codable {
    struct Phone: Codable {
        var mobile: String
        var home: String
    }
    struct Address: Codable {
        var city: String
        var zip: String
    }
    struct User: Codable {
        var name: String
        var phone: Phone
        var tags: [String]
        var address: Address
    }
    var user: User
    var families: [String]
    var nums: [Int]
    var emoji: String

    static let value = NestedInput(
        user: User(
            name: "bang",
            phone: Phone(mobile: "xx", home: "xx"),
            tags: (0..<10).map { "t\($0)" },
            address: Address(city: "北京", zip: "100000")
        ),
        families: ["father", "mother"],
        nums: [1, 2],
        emoji: "👴🏻👮🏽 and spaces & symbols =?/"
    )

    static var parameterValue: ParameterValue {
        [
            "user": [
                "name": "bang",
                "phone": ["mobile": "xx", "home": "xx"],
                "tags": .array((0..<10).map { .string("t\($0)") }),
                "address": ["city": "北京", "zip": "100000"],
            ],
            "families": ["father", "mother"],
            "nums": [1, 2],
            "emoji": "👴🏻👮🏽 and spaces & symbols =?/",
        ]
    }

    static var anyDictionary: [String: Any] {
        [
            "user": [
                "name": "bang",
                "phone": ["mobile": "xx", "home": "xx"],
                "tags": (0..<10).map { "t\($0)" },
                "address": ["city": "北京", "zip": "100000"],
            ] as [String: Any],
            "families": ["father", "mother"],
            "nums": [1, 2],
            "emoji": "👴🏻👮🏽 and spaces & symbols =?/",
        ]
    }
}

/// W3: `{"ids": [0, 1, …, count - 1]}`.
struct IDsInput: Codable {
    var ids: [Int]

    init(count: Int) { ids = Array(0..<count) }

    var parameterValue: ParameterValue { ["ids": .array(ids.map { .number(ParameterNumber($0)) })] }
    var anyDictionary: [String: Any] { ["ids": ids] }
}

/// Splits a query string into its `&`-separated pairs, sorted, so outputs that differ only in order compare equal.
func sortedPairs(_ query: String) -> [Substring] {
    query.split(separator: "&").sorted()
}
