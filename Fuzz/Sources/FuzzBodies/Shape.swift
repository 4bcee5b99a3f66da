import Foundation
import Wireform

/// Compares what Foundation parsed with the parameter tree that was written.
enum Shape {
    enum Format { case json, propertyList }

    static func matches(_ parsed: Any, _ value: ParameterValue, format: Format) -> Bool {
        switch value {
        case .string(let string):
            guard let parsedString = parsed as? String else { return false }
            if parsedString.utf8.elementsEqual(string.utf8) { return true }
            // swift-corelibs-foundation's JSON and XML plist parsers drop U+FEFF inside strings (seen with 6.3.1);
            // the bytes Wireform wrote hold it.
            let written = withoutByteOrderMarks(string)
            let read = withoutByteOrderMarks(parsedString)
            return written == read || format == .propertyList && xmlNormalized(written, read)
        case .bool(let bool):
            if let number = parsed as? NSNumber, type(of: number) != NSNumber.self || format == .json {
                return number.boolValue == bool
            }
            return (parsed as? Bool) == bool
        case .number(let number):
            guard let expected = Double(number.description) else { return true }
            if let parsedNumber = parsed as? NSNumber {
                let actual = parsedNumber.doubleValue
                return actual == expected || abs(actual - expected) <= abs(expected) * 1e-9
            }
            if let decimal = parsed as? Decimal {
                let actual = NSDecimalNumber(decimal: decimal).doubleValue
                return abs(actual - expected) <= abs(expected) * 1e-9
            }
            return false
        case .null:
            return parsed is NSNull
        case .date:
            return format == .json ? parsed is String || parsed is NSNumber : parsed is Date
        case .data(let data):
            if format == .json { return (parsed as? String) == data.base64EncodedString() }
            return (parsed as? Data) == data
        case .array(let elements):
            guard let array = parsed as? [Any], array.count == elements.count else { return false }
            return zip(array, elements).allSatisfy { matches($0, $1, format: format) }
        case .set(let members):
            guard let array = parsed as? [Any] else { return false }
            // Members that write the same text (data and its Base64 string) may be written once, and members
            // Swift calls equal but that write different text (-0.0 and 0.0) may both be written.
            return array.count <= members.count && array.isEmpty == members.isEmpty
        case .dictionary(let dictionary):
            guard var parsedDictionary = parsed as? [String: Any] else { return false }
            do {
                parsedDictionary = Dictionary(
                    parsedDictionary.map { (withoutByteOrderMarks($0.key), $0.value) },
                    uniquingKeysWith: { first, _ in first }
                )
            }
            // Foundation's dictionaries merge canonically equivalent keys; compare only when no two keys do.
            let comparableKeys = dictionary.map(\.key).map(withoutByteOrderMarks)
            guard Set(comparableKeys).count == dictionary.count else { return true }
            guard parsedDictionary.count == dictionary.count else { return false }
            return dictionary.allSatisfy { key, value in
                let lookup = withoutByteOrderMarks(key)
                return parsedDictionary[lookup].map { matches($0, value, format: format) } ?? false
            }
        }
    }

    private static func withoutByteOrderMarks(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{FEFF}", with: "")
    }

    /// XML normalizes a lone CR and CR LF to LF when it is not written as a character reference.
    private static func xmlNormalized(_ written: String, _ parsed: String) -> Bool {
        written.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n") == parsed
    }
}
