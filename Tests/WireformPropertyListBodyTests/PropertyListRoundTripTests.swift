import Foundation
import Testing
import Wireform
import WireformPropertyListBody

@Suite struct PropertyListRoundTripTests {
    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func representativeBodiesParseBack(format: PropertyListBodySerializer.Format) throws {
        let parameters: ParameterValue = [
            "text": "line\nbreak\r\t<&> \"quoted\" é 👍",
            "int": .integer(Int64.max),
            "min": .integer(Int64.min),
            "negative": -7,
            "double": .double(0.1),
            "tiny": .double(.leastNonzeroMagnitude),
            "bool": false,
            "date": .date(Date(timeIntervalSince1970: 1_704_164_645)),
            "data": .data(Data(0..<200)),
            "nested": ["list": [1, [2, [3]]], "empty": [:], "none": []],
        ]
        try expectRoundTrip(parameters, format: format)
    }

    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func unsignedIntegersAboveInt64MaxParseBack(format: PropertyListBodySerializer.Format) throws {
        let bytes = try PropertyListBodySerializer(format: format).propertyListBytes(for: [.integer(UInt64.max)])
        let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), format: nil)
        let array = try #require(parsed as? [Any])
        #expect((array.first as? NSNumber)?.uint64Value == UInt64.max)
    }

    /// 300 random trees per format from a fixed seed: strings across Unicode, integers across the 64-bit ranges,
    /// finite doubles, booleans, dates, data and nested containers.
    @Test(arguments: [PropertyListBodySerializer.Format.xml, .binary])
    func randomTreesParseBack(format: PropertyListBodySerializer.Format) throws {
        var generator = SeededGenerator(seed: format == .xml ? 0x504C_4953_5458_4D4C : 0x504C_4953_5442_494E)
        for _ in 0..<300 {
            let parameters = RandomPlistTree(allowsControlCharacters: format == .binary)
                .container(depth: 0, using: &generator)
            try expectRoundTrip(parameters, format: format)
        }
    }

    private func expectRoundTrip(
        _ parameters: ParameterValue,
        format: PropertyListBodySerializer.Format,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try PropertyListBodySerializer(format: format).propertyListBytes(for: parameters)
        var parsedFormat = PropertyListSerialization.PropertyListFormat.openStep
        let parsed = try PropertyListSerialization.propertyList(from: Data(bytes), format: &parsedFormat)
        #expect(parsedFormat == (format == .xml ? .xml : .binary), sourceLocation: sourceLocation)
        #expect(
            FoundationPlist.matches(parsed, parameters, format: format),
            "\(parameters)",
            sourceLocation: sourceLocation
        )
    }
}

/// Compares what `PropertyListSerialization` parsed with the tree that was written.
enum FoundationPlist {
    static func matches(_ parsed: Any, _ value: ParameterValue, format: PropertyListBodySerializer.Format) -> Bool {
        switch value {
        case .string(let string):
            return (parsed as? String) == string
        case .number(let number):
            guard let parsedNumber = parsed as? NSNumber else { return false }
            if let signed = number.int64Value { return parsedNumber.int64Value == signed }
            if let unsigned = number.uint64Value { return parsedNumber.uint64Value == unsigned }
            return parsedNumber.doubleValue == number.doubleValue
        case .bool(let bool):
            return (parsed as? Bool) == bool
        case .date(let date):
            guard let parsedDate = parsed as? Date else { return false }
            let seconds = date.timeIntervalSinceReferenceDate
            return parsedDate.timeIntervalSinceReferenceDate == (format == .xml ? seconds.rounded(.down) : seconds)
        case .data(let data):
            return (parsed as? Data) == data
        case .array(let elements):
            guard let array = parsed as? [Any], array.count == elements.count else { return false }
            return zip(array, elements).allSatisfy { matches($0, $1, format: format) }
        case .dictionary(let dictionary):
            guard let object = parsed as? [String: Any], object.count == dictionary.count else { return false }
            return dictionary.allSatisfy { key, value in
                object[key].map { matches($0, value, format: format) } ?? false
            }
        case .null, .set:
            return false
        }
    }
}

/// Random parameter trees that a property list can hold.
struct RandomPlistTree {
    var allowsControlCharacters: Bool

    func container(depth: Int, using generator: inout SeededGenerator) -> ParameterValue {
        let count = Int.random(in: 0...5, using: &generator)
        if Bool.random(using: &generator) {
            return .array((0..<count).map { _ in value(depth: depth + 1, using: &generator) })
        }
        var dictionary = ParameterDictionary()
        for _ in 0..<count { dictionary[string(using: &generator)] = value(depth: depth + 1, using: &generator) }
        return .dictionary(dictionary)
    }

    func value(depth: Int, using generator: inout SeededGenerator) -> ParameterValue {
        switch Int.random(in: 0..<(depth < 4 ? 10 : 8), using: &generator) {
        case 0: return .string(string(using: &generator))
        case 1: return .integer(Int64.random(in: .min ... .max, using: &generator))
        case 2: return .integer(Int.random(in: -1000...100_000, using: &generator))
        case 3:
            let value = Double(bitPattern: generator.next())
            return .double(value.isFinite ? value : 0.5)
        case 4: return .bool(Bool.random(using: &generator))
        case 5:
            let seconds = Double.random(in: -2e9...2e9, using: &generator)
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 6:
            let count = Int.random(in: 0...100, using: &generator)
            return .data(Data((0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }))
        case 7: return .integer(UInt64.random(in: 0...UInt64(UInt32.max), using: &generator))
        default: return container(depth: depth, using: &generator)
        }
    }

    func string(using generator: inout SeededGenerator) -> String {
        var pool: [Unicode.Scalar] = [
            "a", "Z", " ", "<", "&", ">", "\"", "'", "\n", "\r", "\t", "é", "€", "👍", "\u{7F}",
        ]
        if allowsControlCharacters { pool += ["\u{0}", "\u{1}", "\u{1F}", "\u{FFFE}", "\u{FFFF}"] }
        var string = ""
        for _ in 0..<Int.random(in: 0...8, using: &generator) {
            if Bool.random(using: &generator), let scalar = pool.randomElement(using: &generator) {
                string.unicodeScalars.append(scalar)
            } else if let scalar = Unicode.Scalar(UInt32.random(in: 0x20...0xFFFD, using: &generator)) {
                string.unicodeScalars.append(scalar)
            } else {
                string.unicodeScalars.append("x")
            }
        }
        return string
    }
}
