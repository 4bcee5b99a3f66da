import Foundation
import Testing
import Wireform
import WireformJSONBody

@Suite struct JSONBodySerializerRoundTripTests {
    @Test func representativeBodiesParseBackWithJSONSerialization() throws {
        let parameters: ParameterValue = [
            "text": "line\nbreak \"quoted\" \\ / \u{1} é 👍",
            "int": .integer(Int64.max),
            "negative": -7,
            "double": .double(0.1),
            "tiny": .double(.leastNonzeroMagnitude),
            "bool": false,
            "null": .null,
            "nested": ["list": [1, [2, [3]]], "empty": [:]],
        ]
        for options: JSONWritingOptions in [[], .default, [.sortedKeys, .prettyPrinted], [.escapingSlashes]] {
            try expectRoundTrip(parameters, options: options)
        }
    }

    /// 500 random trees from a fixed seed: strings with any scalar (control characters, quotes, emoji),
    /// integers across the 64-bit ranges, finite doubles, booleans, nulls and nested containers.
    @Test func randomTreesParseBackWithJSONSerialization() throws {
        var generator = SeededGenerator(seed: 0x5749_5245_464F_524D)
        for round in 0..<500 {
            let parameters = RandomJSONTree.container(depth: 0, using: &generator)
            let options: JSONWritingOptions = round.isMultiple(of: 2) ? .default : [.prettyPrinted, .escapingSlashes]
            try expectRoundTrip(parameters, options: options)
        }
    }

    private func expectRoundTrip(
        _ parameters: ParameterValue,
        options: JSONWritingOptions,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try JSONBodySerializer(options: options).jsonBytes(for: parameters)
        let parsed = try JSONSerialization.jsonObject(with: Data(bytes), options: [])
        #expect(
            FoundationJSON.matches(parsed, parameters),
            "\(String(decoding: bytes, as: UTF8.self))",
            sourceLocation: sourceLocation
        )
    }
}

/// Compares what `JSONSerialization` parsed with the tree that was written.
enum FoundationJSON {
    static func matches(_ parsed: Any, _ value: ParameterValue) -> Bool {
        switch value {
        case .string(let string):
            return (parsed as? String) == string
        case .number(let number):
            guard let parsedNumber = parsed as? NSNumber else { return false }
            if let signed = number.int64Value { return parsedNumber.int64Value == signed }
            if let unsigned = number.uint64Value { return parsedNumber.uint64Value == unsigned }
            // The text must read back as the same double; Foundation on Linux parses some numbers as
            // NSDecimalNumber, whose doubleValue is not exact, so compare those as decimals.
            guard Double(number.text) == number.doubleValue else { return false }
            if let decimal = parsedNumber as? NSDecimalNumber {
                return decimal.decimalValue == Decimal(string: number.text)
            }
            return parsedNumber.doubleValue == number.doubleValue
        case .bool(let bool):
            return (parsed as? NSNumber)?.boolValue == bool
        case .null:
            return parsed is NSNull
        case .array(let elements):
            guard let array = parsed as? [Any], array.count == elements.count else { return false }
            return zip(array, elements).allSatisfy { matches($0, $1) }
        case .dictionary(let dictionary):
            guard let object = parsed as? [String: Any], object.count == dictionary.count else { return false }
            return dictionary.allSatisfy { key, value in object[key].map { matches($0, value) } ?? false }
        case .date, .data, .set:
            return false
        }
    }
}

/// Random parameter trees for round-trip tests.
enum RandomJSONTree {
    static func container(depth: Int, using generator: inout SeededGenerator) -> ParameterValue {
        let count = Int.random(in: 0...5, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0..<count).map { _ in value(depth: depth + 1, using: &generator) })
        }
        var dictionary = ParameterDictionary()
        for _ in 0..<count { dictionary[string(using: &generator)] = value(depth: depth + 1, using: &generator) }
        return .dictionary(dictionary)
    }

    static func value(depth: Int, using generator: inout SeededGenerator) -> ParameterValue {
        switch Int.random(in: 0..<(depth < 4 ? 9 : 7), using: &generator) {
        case 0: return .string(string(using: &generator))
        case 1: return .integer(Int64.random(in: .min ... .max, using: &generator))
        case 2: return .integer(UInt64.random(in: UInt64(Int64.max)...UInt64.max, using: &generator))
        case 3: return .integer(Int.random(in: -1000...1000, using: &generator))
        case 4: return .double(double(using: &generator))
        case 5: return .bool(Bool.random(using: &generator))
        case 6: return .null
        default: return container(depth: depth, using: &generator)
        }
    }

    static func double(using generator: inout SeededGenerator) -> Double {
        while true {
            let value = Double(bitPattern: generator.next())
            if value.isFinite { return value }
        }
    }

    static func string(using generator: inout SeededGenerator) -> String {
        let pool: [Unicode.Scalar] = [
            "a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "👍", "\u{2028}",
            "\u{FFFF}",
        ]
        var string = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            if Bool.random(using: &generator), let scalar = pool.randomElement(using: &generator) {
                string.unicodeScalars.append(scalar)
            } else if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) {
                string.unicodeScalars.append(scalar)
            }
        }
        return string
    }
}
