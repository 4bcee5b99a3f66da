import SwiftProtobuf
import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Converts a parameter tree to `google.protobuf.Value`s, keeping the key path for error messages.
struct StructConversion {
    /// The largest integer magnitude a double holds exactly, and with it every smaller one: 2^53.
    static let largestExactInteger: UInt64 = 1 << 53
    /// Writes a date as the ISO 8601 text of Wireform's formats.
    static let iso8601Encoder = ParameterValueEncoder(dateEncodingStrategy: .iso8601)

    let dateEncoding: ProtobufDateEncoding
    /// The key path of the value being converted, outermost first.
    private var path: [ParameterPath.Component] = []

    init(dateEncoding: ProtobufDateEncoding) {
        self.dateEncoding = dateEncoding
    }

    mutating func makeStruct(
        _ dictionary: ParameterDictionary,
        depth: Int
    ) throws(SerializationError) -> Google_Protobuf_Struct {
        var message = Google_Protobuf_Struct()
        // Swift's `Dictionary` (a Struct's `fields`) takes canonically equivalent keys for one key; Wireform and
        // servers do not, so two such keys are an error rather than one value silently replacing the other.
        var originalKeys: [String: String] = [:]
        for (key, value) in dictionary {
            if let earlier = originalKeys.updateValue(key, forKey: key) {
                throw SerializationError(
                    .unsupportedValue,
                    "The keys '\(Self.scalars(of: earlier))' and '\(Self.scalars(of: key))' at '\(currentPath)' are one "
                        + "key in a protobuf Struct, whose map compares keys by Unicode canonical equivalence"
                )
            }
            path.append(.key(key))
            message.fields[key] = try makeValue(value, depth: depth)
            path.removeLast()
        }
        return message
    }

    /// A key with every scalar outside printable ASCII written as `\u{…}`, so that keys that look alike differ.
    private static func scalars(of key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            if (0x20..<0x7F).contains(scalar.value) && scalar != "'" && scalar != "\\" {
                text.unicodeScalars.append(scalar)
            } else {
                text += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return text
    }

    private mutating func makeList(
        _ elements: [ParameterValue],
        depth: Int
    ) throws(SerializationError) -> Google_Protobuf_ListValue {
        var list = Google_Protobuf_ListValue()
        list.values.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            path.append(.index(index))
            list.values.append(try makeValue(element, depth: depth))
            path.removeLast()
        }
        return list
    }

    private mutating func makeValue(
        _ value: ParameterValue,
        depth: Int
    ) throws(SerializationError) -> Google_Protobuf_Value {
        var result = Google_Protobuf_Value()
        switch value {
        case .string(let text):
            result.stringValue = text
        case .bool(let bool):
            result.boolValue = bool
        case .null:
            result.nullValue = .nullValue
        case .number(let number):
            result.numberValue = try double(for: number)
        case .date(let date):
            result = try dateValue(for: date)
        case .data:
            throw SerializationError(
                .unsupportedValue,
                "Data at '\(currentPath)' cannot be written in a protobuf Struct, which has no bytes value"
            )
        case .array(let elements):
            try checkDepth(depth)
            result.listValue = try makeList(elements, depth: depth + 1)
        case .set(let members):
            try checkDepth(depth)
            result.listValue = try makeList(ParameterValue.canonicalSetMembers(members), depth: depth + 1)
        case .dictionary(let dictionary):
            try checkDepth(depth)
            result.structValue = try makeStruct(dictionary, depth: depth + 1)
        }
        return result
    }

    private var currentPath: ParameterPath { ParameterPath(path) }

    private func checkDepth(_ depth: Int) throws(SerializationError) {
        guard depth < ParameterValue.maximumStructDepth else {
            throw SerializationError(
                .unsupportedValue,
                "Parameters nest deeper than \(ParameterValue.maximumStructDepth) levels at '\(currentPath)'"
            )
        }
    }

    /// The double for a number, when it holds the number exactly (a floating-point value always does).
    private func double(for number: ParameterNumber) throws(SerializationError) -> Double {
        guard number.doubleValue.isFinite else {
            throw SerializationError(
                .unsupportedValue,
                "Non-finite number \(number) at '\(currentPath)' cannot be written in a protobuf Struct"
            )
        }
        if number.isInteger {
            if let signed = number.int64Value, signed.magnitude <= Self.largestExactInteger { return Double(signed) }
            if let unsigned = number.uint64Value, unsigned <= Self.largestExactInteger { return Double(unsigned) }
            throw SerializationError(
                .unsupportedValue,
                "Integer \(number) at '\(currentPath)' is beyond 2^53, so a protobuf Struct number (a double) "
                    + "cannot hold it exactly; send it as a string"
            )
        }
        let double = number.doubleValue
        if let decimal = number.decimalValue {
            // The decimal fits when the double's shortest text reads back as the same decimal.
            guard let back = Decimal(string: double.description), back == decimal else {
                throw SerializationError(
                    .unsupportedValue,
                    "Decimal \(number) at '\(currentPath)' has more digits than a protobuf Struct number (a double) "
                        + "holds; send it as a string"
                )
            }
        }
        return double
    }

    private func dateValue(for date: Date) throws(SerializationError) -> Google_Protobuf_Value {
        var result = Google_Protobuf_Value()
        // The interval, not the date, goes in messages: describing a `Date` whose interval is NaN traps.
        let interval = date.timeIntervalSince1970
        switch dateEncoding.base {
        case .iso8601:
            // Wireform's ISO 8601 text, the same as its JSON format writes, from its parameter encoder.
            guard case .string(let text)? = try? Self.iso8601Encoder.encode(date) else {
                throw SerializationError(
                    .unsupportedValue,
                    "Date at '\(currentPath)' (\(interval) s since 1970) is outside the years 1 to 9999 that ISO "
                        + "8601 text can represent"
                )
            }
            result.stringValue = text
        case .secondsSince1970:
            guard interval.isFinite else {
                throw SerializationError(
                    .unsupportedValue, "Date at '\(currentPath)' is not finite (\(interval) s since 1970)")
            }
            result.numberValue = interval
        case .millisecondsSince1970:
            let milliseconds = (interval * 1000).rounded()
            guard milliseconds.isFinite, milliseconds.magnitude <= Double(Self.largestExactInteger) else {
                throw SerializationError(
                    .unsupportedValue,
                    "Date at '\(currentPath)' (\(interval) s since 1970) is beyond 2^53 milliseconds, so a protobuf "
                        + "Struct number (a double) cannot hold it exactly"
                )
            }
            result.numberValue = milliseconds
        case .rejected:
            throw SerializationError(
                .unsupportedValue,
                "Date at '\(currentPath)' cannot be written in a protobuf Struct, which has no date value; choose a "
                    + "date encoding such as '.iso8601'"
            )
        }
        return result
    }
}
