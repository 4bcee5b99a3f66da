import Foundation
import Wireform

/// Reads `--params` JSON into a ``Wireform/ParameterValue``, strictly (RFC 8259) and exactly:
///
/// - object keys keep their order (duplicate keys are an error, not a silent overwrite);
/// - `true`/`false` are booleans and `null` the null value;
/// - integers stay integers (64-bit signed or unsigned, larger ones become exact decimals); numbers with a fraction or
///   an exponent become exact decimals (at most 38 significant digits; beyond a `Decimal`'s exponent range, a `Double`
///   when the `Double`'s shortest text is the same number), never rounded: any other number is an error;
/// - the tagged objects `{"$set": [...]}`, `{"$data_base64": "..."}` and `{"$date": "ISO-8601"}` become a set, data
///   and a date; a tag must be the object's only key.
///
/// Errors say what was wrong and where: line, column and byte offset.
struct ParamsJSONReader {
    /// A syntax or value error, with its position in the input.
    struct ReadError: Error {
        let message: String
        let offset: Int
        let line: Int
        let column: Int

        /// `message at line L, column C`.
        var description: String { "\(message) at line \(line), column \(column) (byte \(offset))" }
    }

    /// The deepest nesting read; deeper input is rejected before it can exhaust the stack.
    static let maximumDepth = 512

    private let bytes: [UInt8]
    private var position = 0

    /// Parses a complete JSON text.
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The parameters.
    /// - Throws: ``ReadError``.
    static func read(_ bytes: [UInt8]) throws(ReadError) -> ParameterValue {
        var reader = ParamsJSONReader(bytes: bytes)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { throw reader.error("a byte order mark is not allowed") }
        reader.skipWhitespace()
        let value = try reader.readValue(depth: 0)
        reader.skipWhitespace()
        guard reader.position == bytes.count else {
            throw reader.error("unexpected \(reader.describeCurrent()) after the JSON value")
        }
        return value
    }

    /// Reads a complete JSON text whose top-level value is an object, keeping each member's decoded key and the
    /// offset of its value instead of the values themselves (which are read, checked and dropped).
    ///
    /// Returns `nil`, so that ``read(_:)`` decides (and reports any error exactly as always), when the text is not
    /// valid, its top-level value is not an object or is empty, or it has a tag key (`$set`, `$data_base64`,
    /// `$date`), an empty key or a duplicate key.
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: The members in input order, with their keys sorted.
    static func readTopLevelMembers(_ bytes: [UInt8]) -> TopLevelMembers? {
        var reader = ParamsJSONReader(bytes: bytes)
        guard !bytes.starts(with: [0xEF, 0xBB, 0xBF]), bytes.count <= TopLevelMembers.maximumTextSize else {
            return nil
        }
        reader.skipWhitespace()
        guard reader.peek() == UInt8(ascii: "{") else { return nil }
        reader.position += 1
        reader.skipWhitespace()
        if reader.peek() == UInt8(ascii: "}") { return nil }
        var members = TopLevelMembers()
        while true {
            reader.skipWhitespace()
            guard reader.peek() == UInt8(ascii: "\""), let key = try? reader.readString() else { return nil }
            reader.skipWhitespace()
            guard reader.peek() == UInt8(ascii: ":") else { return nil }
            reader.position += 1
            reader.skipWhitespace()
            let valueOffset = reader.position
            guard (try? reader.readValue(depth: 1)) != nil else { return nil }
            // A tag makes a tagged object, and an empty key can make an empty form pair, which a group's form
            // body cannot tell from no pair at all: such objects are read as one tree.
            if key.isEmpty || Self.tags.contains(key) { return nil }
            members.append(key: key, valueOffset: valueOffset)
            reader.skipWhitespace()
            switch reader.peek() {
            case UInt8(ascii: ","): reader.position += 1
            case UInt8(ascii: "}"):
                reader.position += 1
                reader.skipWhitespace()
                guard reader.position == bytes.count else { return nil }
                // Duplicate keys are found by sorting (4 bytes a member; a hash set took 12 to 19).
                return members.sortKeys() ? members : nil
            default: return nil
            }
        }
    }

    /// Reads the value that starts at `offset`, one level below the top, in a text that
    /// ``readTopLevelMembers(_:)`` accepted.
    /// - Throws: ``ReadError`` (never for such a text).
    static func readValue(in bytes: [UInt8], at offset: Int) throws(ReadError) -> ParameterValue {
        var reader = ParamsJSONReader(bytes: bytes)
        reader.position = offset
        return try reader.readValue(depth: 1)
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    // MARK: Values

    private mutating func readValue(depth: Int) throws(ReadError) -> ParameterValue {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard position < bytes.count else { throw error("unexpected end of input, expected a value") }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject(depth: depth)
        case UInt8(ascii: "["): return .array(try readArray(depth: depth))
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    private mutating func readLiteral(_ word: String, _ value: ParameterValue) throws(ReadError) -> ParameterValue {
        let count = word.utf8.count
        guard position + count <= bytes.count, bytes[position..<position + count].elementsEqual(word.utf8) else {
            throw error("unexpected \(describeCurrent()), expected a value")
        }
        position += count
        return value
    }

    private mutating func readArray(depth: Int) throws(ReadError) -> [ParameterValue] {
        position += 1
        var elements: [ParameterValue] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            skipWhitespace()
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return elements
            default: throw error("unexpected \(describeCurrent()), expected ',' or ']' in an array")
            }
        }
    }

    private mutating func readObject(depth: Int) throws(ReadError) -> ParameterValue {
        let start = position
        position += 1
        var dictionary = ParameterDictionary()
        var tagOffset: Int?
        skipWhitespace()
        if peek() == UInt8(ascii: "}") {
            position += 1
            return .dictionary(dictionary)
        }
        while true {
            skipWhitespace()
            guard peek() == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()), expected a string key in an object")
            }
            let keyOffset = position
            let key = try readString()
            skipWhitespace()
            guard peek() == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()), expected ':' after an object key")
            }
            position += 1
            skipWhitespace()
            let valueOffset = position
            let value = try readValue(depth: depth + 1)
            guard dictionary[key] == nil else { throw error("duplicate key \(quoted(key))", at: keyOffset) }
            if Self.tags.contains(key) {
                tagOffset = valueOffset
            }
            dictionary[key] = value
            skipWhitespace()
            switch peek() {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "}"):
                position += 1
                guard let tagOffset else { return .dictionary(dictionary) }
                return try tagged(dictionary, objectOffset: start, valueOffset: tagOffset)
            default: throw error("unexpected \(describeCurrent()), expected ',' or '}' in an object")
            }
        }
    }

    private static let tags: Set<String> = ["$set", "$data_base64", "$date"]

    private func tagged(
        _ dictionary: ParameterDictionary,
        objectOffset: Int,
        valueOffset: Int
    ) throws(ReadError) -> ParameterValue {
        let (tag, value) = dictionary[dictionary.startIndex]
        guard dictionary.count == 1, Self.tags.contains(tag) else {
            let tags = dictionary.orderedKeys.filter(Self.tags.contains).map(quoted).joined(separator: ", ")
            throw error("a tagged object (\(tags)) must have no other keys", at: objectOffset)
        }
        switch (tag, value) {
        case ("$set", .array(let members)):
            return .set(members)
        case ("$data_base64", .string(let text)):
            guard let data = Data(base64Encoded: text) else {
                throw error("invalid Base64 in '$data_base64' \(quoted(text.prefix(40)))", at: valueOffset)
            }
            return .data(data)
        case ("$date", .string(let text)):
            guard let date = RFC3339Date.parse(text) else {
                throw error(
                    "invalid '$date' \(quoted(text)): expected ISO 8601 such as 2024-01-02T03:04:05Z, "
                        + "2024-01-02T03:04:05.250+01:00 or 2024-01-02",
                    at: valueOffset
                )
            }
            return .date(date)
        case ("$set", _):
            throw error("'$set' takes an array of members", at: valueOffset)
        default:
            throw error("\(quoted(tag)) takes a string", at: valueOffset)
        }
    }

    // MARK: Strings

    private mutating func readString() throws(ReadError) -> String {
        let start = position
        position += 1
        // Most strings have no escape: make the String straight from the input, with no intermediate buffer.
        var end = position
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"),
            bytes[end] >= 0x20
        {
            end += 1
        }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            guard let string = String(validating: bytes[position..<end], as: UTF8.self) else {
                throw error("invalid UTF-8 in a string", at: start)
            }
            position = end + 1
            return string
        }
        var text = Array(bytes[position..<end])
        position = end
        while true {
            guard position < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                guard let string = String(validating: text, as: UTF8.self) else {
                    throw error("invalid UTF-8 in a string", at: start)
                }
                return string
            case UInt8(ascii: "\\"):
                try readEscape(into: &text)
            case 0..<0x20:
                throw error("unescaped control character U+\(hex(UInt32(byte), width: 4)) in a string")
            default:
                text.append(byte)
                position += 1
            }
        }
    }

    private mutating func readEscape(into text: inout [UInt8]) throws(ReadError) {
        let start = position
        position += 1
        guard position < bytes.count else { throw error("unterminated escape sequence", at: start) }
        let letter = bytes[position]
        position += 1
        let simple: UInt8?
        switch letter {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"): simple = nil
        default: throw error("invalid escape sequence '\\\(String(decoding: [letter], as: UTF8.self))'", at: start)
        }
        if let simple {
            text.append(simple)
            return
        }
        var scalar = try readHex4(escapeStart: start)
        if (0xD800...0xDBFF).contains(scalar) {
            guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                bytes[position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired UTF-16 surrogate \\u\(hex(scalar, width: 4))", at: start) }
            let lowStart = position
            position += 2
            let low = try readHex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("unpaired UTF-16 surrogate \\u\(hex(scalar, width: 4))", at: start)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("unpaired UTF-16 surrogate \\u\(hex(scalar, width: 4))", at: start)
        }
        guard let unicodeScalar = Unicode.Scalar(scalar) else {
            throw error("invalid code point \\u\(hex(scalar, width: 4))", at: start)
        }
        text.append(contentsOf: Character(unicodeScalar).utf8)
    }

    private mutating func readHex4(escapeStart: Int) throws(ReadError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw error("incomplete \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for byte in bytes[position..<position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected 4 hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        position += 4
        return value
    }

    // MARK: Numbers

    private mutating func readNumber() throws(ReadError) -> ParameterValue {
        let start = position
        if peek() == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        guard skipDigits() > 0 else { throw error("invalid number: expected a digit after '-'", at: start) }
        if bytes[integerStart] == UInt8(ascii: "0") && position - integerStart > 1 {
            throw error("invalid number: leading zeros are not allowed", at: start)
        }
        var isInteger = true
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard skipDigits() > 0 else { throw error("invalid number: expected a digit after '.'", at: start) }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { position += 1 }
            guard skipDigits() > 0 else { throw error("invalid number: expected a digit in the exponent", at: start) }
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        if isInteger {
            if let value = Int64(text) { return .integer(value) }
            if let value = UInt64(text) { return .integer(value) }
        }
        do {
            return .number(try ExactDecimal.parse(text))
        } catch {
            throw self.error(
                "number \(text.count > 60 ? String(text.prefix(60)) + "…" : text) cannot be kept exactly "
                    + "(\(error.reason)); pass it as a string",
                at: start
            )
        }
    }

    private mutating func skipDigits() -> Int {
        let start = position
        while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
            position += 1
        }
        return position - start
    }

    // MARK: Helpers

    private func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard position < bytes.count else { return "end of input" }
        let byte = bytes[position]
        if byte >= 0x20 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(hex(UInt32(byte), width: 2))"
    }

    private func error(_ message: String, at offset: Int? = nil) -> ReadError {
        let offset = min(offset ?? position, bytes.count)
        var line = 1
        var lineStart = 0
        for index in 0..<offset where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes: UTF-8 continuation bytes do not start a new column.
        let column = 1 + bytes[lineStart..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
        return ReadError(message: message, offset: offset, line: line, column: column)
    }
}

private func hex(_ value: UInt32, width: Int) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}
