/// The streaming JSON text reader: parses RFC 8259 text as it is pulled from a ``BodyReader`` and sends one value's
/// ``EncodingSink`` events into a box as it goes (``JSONText`` documents the rules).
///
/// Containers are read by recursion, at most ``maximumDepth`` levels; strings and numbers through
/// `JSONTextReader+Strings.swift` and `JSONTextReader+Numbers.swift`; Wireform's tags through
/// `JSONTextReader+Tags.swift`.
struct JSONTextReader {
    /// The deepest nesting read; deeper input is rejected before it can exhaust the stack.
    static let maximumDepth = 512

    /// `true`.
    private static let trueBytes = Array("true".utf8)
    /// `false`.
    private static let falseBytes = Array("false".utf8)
    /// `null`.
    private static let nullBytes = Array("null".utf8)

    /// The text.
    var input: JSONTextInput
    /// Whether `{"$set": …}`, `{"$data_base64": …}` and `{"$date": …}` are read as tags.
    let readsTags: Bool
    /// The keys of each open object, by depth (reused from one object to the next at the same depth).
    private var keyTables: [JSONKeyTable] = []
    /// Where the last string read starts, when it ran past the buffer (then its start is no longer in it).
    var spilledStringStart: JSONTextInput.Position?

    /// Creates a reader.
    /// - Parameters:
    ///   - input: The text.
    ///   - readsTags: Whether Wireform's tags are read as tags.
    init(input: JSONTextInput, readsTags: Bool) {
        self.input = input
        self.readsTags = readsTags
    }

    /// Reads the whole text: one value, with only whitespace around it.
    /// - Parameter sink: Where the value's events go.
    /// - Throws: ``SerializationError`` for text that is not valid or cannot be read; what the sink throws.
    mutating func read(into sink: any EncodingSinkBox) throws {
        if try input.ensure(3), input.buffer[0] == 0xEF, input.buffer[1] == 0xBB, input.buffer[2] == 0xBF {
            throw error("a byte order mark is not allowed")
        }
        try skipWhitespace()
        try readValue(depth: 0, into: sink)
        try skipWhitespace()
        guard try input.peek() == nil else { throw error("unexpected \(describeCurrent()) after the JSON value") }
    }

    // MARK: Values

    /// Reads one value at the current position.
    mutating func readValue(depth: Int, into sink: any EncodingSinkBox) throws {
        guard depth < Self.maximumDepth else { throw error("nesting deeper than \(Self.maximumDepth) levels") }
        guard let byte = try input.peek() else { throw error("unexpected end of input, expected a value") }
        switch byte {
        case UInt8(ascii: "{"): try readObject(depth: depth, into: sink)
        case UInt8(ascii: "["): try readArray(depth: depth, isSet: false, into: sink)
        case UInt8(ascii: "\""): try sink.string(try readString())
        case UInt8(ascii: "t"):
            try readLiteral(Self.trueBytes)
            try sink.bool(true)
        case UInt8(ascii: "f"):
            try readLiteral(Self.falseBytes)
            try sink.bool(false)
        case UInt8(ascii: "n"):
            try readLiteral(Self.nullBytes)
            try sink.null()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try readNumber(into: sink)
        default: throw error("unexpected \(describeCurrent()), expected a value")
        }
    }

    /// Reads `true`, `false` or `null`, whose first letter is at the current position.
    private mutating func readLiteral(_ word: [UInt8]) throws(SerializationError) {
        let count = word.count
        guard try input.ensure(count), input.buffer[input.position..<input.position + count].elementsEqual(word)
        else { throw error("unexpected \(describeCurrent()), expected a value") }
        input.position += count
    }

    /// Reads an array (or a tag's set) whose `[` is at the current position.
    mutating func readArray(depth: Int, isSet: Bool, into sink: any EncodingSinkBox) throws {
        input.position += 1
        sink.beginUnkeyed(isSet: isSet)
        try skipWhitespace()
        if try input.peek() == UInt8(ascii: "]") {
            input.position += 1
            sink.endUnkeyed()
            return
        }
        while true {
            try skipWhitespace()
            try readValue(depth: depth + 1, into: sink)
            try skipWhitespace()
            switch try input.peek() {
            case UInt8(ascii: ","): input.position += 1
            case UInt8(ascii: "]"):
                input.position += 1
                sink.endUnkeyed()
                return
            default: throw error("unexpected \(describeCurrent()), expected ',' or ']' in an array")
            }
        }
    }

    /// Reads an object whose `{` is at the current position: a dictionary, or with ``readsTags`` a tagged value.
    private mutating func readObject(depth: Int, into sink: any EncodingSinkBox) throws {
        // A tag error names the object's start, which is gone from the buffer by the time the object ends.
        let objectPosition = readsTags ? input.position(at: input.offset) : nil
        input.position += 1
        try skipWhitespace()
        if try input.peek() == UInt8(ascii: "}") {
            input.position += 1
            sink.beginKeyed(sortsKeys: false)
            sink.endKeyed()
            return
        }
        while keyTables.count <= depth { keyTables.append(JSONKeyTable()) }
        keyTables[depth].removeAll()
        let (key, duplicate) = try readKey(depth: depth)
        if let objectPosition, let tag = JSONTextTag(rawValue: key) {
            return try readTagged(tag, objectPosition: objectPosition, depth: depth, into: sink)
        }
        sink.beginKeyed(sortsKeys: false)
        var tagKeys: [String] = []
        try readMembers(
            firstKey: key, duplicate: duplicate, depth: depth, tagKeys: &tagKeys, into: sink)
        if let objectPosition, !tagKeys.isEmpty { throw Self.otherKeysError(tagKeys, at: objectPosition) }
        sink.endKeyed()
    }

    /// Reads a member's key and its `:`, leaving the position at the value.
    /// - Returns: The key, and the error to throw after the value when the object has the key already.
    mutating func readKey(depth: Int) throws(SerializationError) -> (String, duplicate: SerializationError?) {
        try skipWhitespace()
        guard try input.peek() == UInt8(ascii: "\"") else {
            throw error("unexpected \(describeCurrent()), expected a string key in an object")
        }
        let keyOffset = input.offset
        let key = try readString()
        // The key's position is taken now, while its bytes are still in the buffer (or by readString(), when the key
        // ran past the buffer).
        let duplicate =
            keyTables[depth].insert(key)
            ? nil
            : error(
                "duplicate key \(SerializationError.quoted(key))",
                at: spilledStringStart ?? input.position(at: keyOffset))
        try skipWhitespace()
        guard try input.peek() == UInt8(ascii: ":") else {
            throw error("unexpected \(describeCurrent()), expected ':' after an object key")
        }
        input.position += 1
        try skipWhitespace()
        return (key, duplicate)
    }

    /// Reads an object's members from the first key's value to the closing `}`, sending each key and value.
    /// - Parameter tagKeys: Collects the tag keys among them (with ``readsTags``): such an object is an error.
    mutating func readMembers(
        firstKey: String,
        duplicate firstDuplicate: SerializationError?,
        depth: Int,
        tagKeys: inout [String],
        into sink: any EncodingSinkBox
    ) throws {
        var key = firstKey
        var duplicate = firstDuplicate
        while true {
            sink.key(key)
            try readValue(depth: depth + 1, into: sink)
            if let duplicate { throw duplicate }
            if readsTags, JSONTextTag(rawValue: key) != nil { tagKeys.append(key) }
            try skipWhitespace()
            switch try input.peek() {
            case UInt8(ascii: ","):
                input.position += 1
                (key, duplicate) = try readKey(depth: depth)
            case UInt8(ascii: "}"):
                input.position += 1
                return
            default: throw error("unexpected \(describeCurrent()), expected ',' or '}' in an object")
            }
        }
    }

    // MARK: Helpers

    /// Moves past spaces, tabs, line feeds and carriage returns.
    mutating func skipWhitespace() throws(SerializationError) {
        while true {
            while input.position < input.count {
                switch input.buffer[input.position] {
                case 0x20, 0x09, 0x0A, 0x0D: input.position += 1
                default: return
                }
            }
            guard try input.refill() else { return }
        }
    }

    /// The byte at the current position, for a message: `'x'`, `byte 0xC3` or `end of input`.
    func describeCurrent() -> String {
        guard input.position < input.count else { return "end of input" }
        let byte = input.buffer[input.position]
        if byte >= 0x20 && byte < 0x7F { return "'\(String(decoding: [byte], as: UTF8.self))'" }
        return "byte 0x\(Self.hex(UInt32(byte), width: 2))"
    }

    /// An error at the current position, or at `offset`, which must still be in the buffer.
    mutating func error(_ message: String, at offset: Int? = nil) -> SerializationError {
        error(message, at: input.position(at: offset ?? input.offset))
    }

    /// An error at a position taken earlier.
    func error(_ message: String, at position: JSONTextInput.Position) -> SerializationError {
        Self.error(message, at: position)
    }

    /// `message at line L, column C (byte N)`, as ``SerializationError/Code/invalidJSON``.
    static func error(_ message: String, at position: JSONTextInput.Position) -> SerializationError {
        SerializationError(
            .invalidJSON,
            "\(message) at line \(position.line), column \(position.column) (byte \(position.offset))")
    }

    /// Upper-case hexadecimal, zero-padded to `width` digits.
    static func hex(_ value: UInt32, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
