extension JSONTextReader {
    /// Reads a string whose `"` is at the current position. A string that ends in the buffer is made straight from
    /// it; one with an escape, or one that runs past the buffer, is decoded into an array, so that the buffer never
    /// grows to hold a long string (a 16 MB string held a buffer of twice its size, zeroed, beside the `String` made
    /// from it: issue 38).
    /// - Throws: ``SerializationError`` for an unterminated string, a control character, a bad escape or invalid
    ///   UTF-8.
    mutating func readString() throws(SerializationError) -> String {
        input.tokenStart = input.position
        defer { input.tokenStart = nil }
        spilledStringStart = nil
        let start = input.offset
        input.position += 1
        // Decoded text, once the string has an escape or runs past the buffer; until then the string is made
        // straight from the buffer.
        var text: [UInt8] = []
        var isDecoded = false
        // Where the string starts, taken when its start leaves the buffer (then ``tokenStart`` keeps nothing).
        var startPosition: JSONTextInput.Position?
        // The offset of the first byte not yet copied into `text`.
        var pending = input.offset
        while true {
            while input.position < input.count {
                let byte = input.buffer[input.position]
                if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                input.position += 1
            }
            guard input.position < input.count else {
                if startPosition == nil {
                    startPosition = input.position(at: start)
                    spilledStringStart = startPosition
                }
                text.append(contentsOf: input.buffer[(pending - input.base)..<input.position])
                isDecoded = true
                pending = input.offset
                input.tokenStart = nil
                guard try input.refill() else {
                    throw error("unterminated string", at: startPosition ?? input.position(at: start))
                }
                continue
            }
            let byte = input.buffer[input.position]
            let run = (pending - input.base)..<input.position
            switch byte {
            case UInt8(ascii: "\""):
                let string: String?
                if isDecoded {
                    text.append(contentsOf: input.buffer[run])
                    string = String(validating: text, as: UTF8.self)
                } else {
                    string = String(validating: input.buffer[run], as: UTF8.self)
                }
                guard let string else {
                    throw error("invalid UTF-8 in a string", at: startPosition ?? input.position(at: start))
                }
                input.position += 1
                return string
            case UInt8(ascii: "\\"):
                text.append(contentsOf: input.buffer[run])
                isDecoded = true
                try readEscape(into: &text)
                pending = input.offset
            default:
                throw error("unescaped control character U+\(Self.hex(UInt32(byte), width: 4)) in a string")
            }
        }
    }

    /// Reads the escape sequence whose `\` is at the current position and appends its UTF-8.
    private mutating func readEscape(into text: inout [UInt8]) throws(SerializationError) {
        let start = input.offset
        guard try input.ensure(2) else { throw error("unterminated escape sequence", at: start) }
        let letter = input.buffer[input.position + 1]
        input.position += 2
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
        default:
            throw error("invalid escape sequence '\\\(String(decoding: [letter], as: UTF8.self))'", at: start)
        }
        if let simple {
            text.append(simple)
            return
        }
        var scalar = try readHex4(escapeStart: start)
        if (0xD800...0xDBFF).contains(scalar) {
            guard try input.ensure(2), input.buffer[input.position] == UInt8(ascii: "\\"),
                input.buffer[input.position + 1] == UInt8(ascii: "u")
            else { throw error("unpaired UTF-16 surrogate \\u\(Self.hex(scalar, width: 4))", at: start) }
            let lowStart = input.offset
            input.position += 2
            let low = try readHex4(escapeStart: lowStart)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error("unpaired UTF-16 surrogate \\u\(Self.hex(scalar, width: 4))", at: start)
            }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
        } else if (0xDC00...0xDFFF).contains(scalar) {
            throw error("unpaired UTF-16 surrogate \\u\(Self.hex(scalar, width: 4))", at: start)
        }
        guard let unicodeScalar = Unicode.Scalar(scalar) else {
            throw error("invalid code point \\u\(Self.hex(scalar, width: 4))", at: start)
        }
        text.append(contentsOf: Character(unicodeScalar).utf8)
    }

    /// Reads the four hexadecimal digits of a `\u` escape.
    private mutating func readHex4(escapeStart: Int) throws(SerializationError) -> UInt32 {
        guard try input.ensure(4) else { throw error("incomplete \\u escape", at: escapeStart) }
        var value: UInt32 = 0
        for byte in input.buffer[input.position..<input.position + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected 4 hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
        }
        input.position += 4
        return value
    }
}
