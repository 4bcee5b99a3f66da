/// Parses `type/subtype *(OWS ";" OWS name=value)` over UTF-8 bytes.
struct ContentTypeParser {
    private let text: String
    private let bytes: [UInt8]
    private var position = 0

    init(_ text: String) {
        self.text = text
        self.bytes = Array(text.utf8)
    }

    mutating func parse() throws(SerializationError) -> ContentType {
        skipWhitespace()
        let type = token()
        guard !type.isEmpty else { throw failure("expected a type before '/'") }
        guard next(is: UInt8(ascii: "/")) else { throw failure("expected '/' after the type") }
        let subtype = token()
        guard !subtype.isEmpty else { throw failure("expected a subtype after '/'") }
        var mediaType = ContentType(uncheckedType: type, subtype: subtype)
        skipWhitespace()
        while position < bytes.count {
            guard next(is: UInt8(ascii: ";")) else { throw failure("expected ';' before a parameter") }
            skipWhitespace()
            if position == bytes.count { break }  // a trailing ';' is tolerated, as browsers do
            let name = token()
            guard !name.isEmpty else { throw failure("expected a parameter name") }
            guard next(is: UInt8(ascii: "=")) else { throw failure("expected '=' after parameter '\(name)'") }
            let value: String
            if position < bytes.count, bytes[position] == UInt8(ascii: "\"") {
                value = try quotedString()
            } else {
                value = token()
                guard !value.isEmpty else { throw failure("expected a value for parameter '\(name)'") }
            }
            mediaType = try mediaType.settingParameter(name, to: value)
            skipWhitespace()
        }
        return mediaType
    }

    private mutating func token() -> String {
        let start = position
        while position < bytes.count, HTTPToken.isTokenByte(bytes[position]) { position += 1 }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func quotedString() throws(SerializationError) -> String {
        position += 1
        var value: [UInt8] = []
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: value, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard position < bytes.count else { break }
                value.append(bytes[position])
                position += 1
            case 0..<0x20 where byte != 0x09, 0x7F:
                throw failure("control character in a quoted parameter value")
            default:
                value.append(byte)
            }
        }
        throw failure("unterminated quoted parameter value")
    }

    private mutating func next(is expected: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == expected else { return false }
        position += 1
        return true
    }

    private mutating func skipWhitespace() {
        while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 { position += 1 }
    }

    private func failure(_ problem: String) -> SerializationError {
        SerializationError(.invalidHeader, "Invalid media type \(SerializationError.quoted(text)): \(problem)")
    }
}
