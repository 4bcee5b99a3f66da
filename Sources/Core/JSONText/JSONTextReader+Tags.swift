#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Wireform's tag convention (``JSONText``'s `readsTags`): an object whose only key is one of these is a set, data or
/// a date.
enum JSONTextTag: String {
    /// `{"$set": [...]}`: a set of the array's members.
    case set = "$set"
    /// `{"$data_base64": "..."}`: bytes, from Base64.
    case dataBase64 = "$data_base64"
    /// `{"$date": "ISO-8601"}`: a date (``JSONTextDate``).
    case date = "$date"
}

extension JSONTextReader {
    /// Reads a tagged value: the object's first key was `tag` and the position is at its value. Any other key makes
    /// the whole object an error, thrown at its `}` (after the errors of its members, in text order).
    mutating func readTagged(
        _ tag: JSONTextTag,
        objectPosition: JSONTextInput.Position,
        depth: Int,
        into sink: any EncodingSinkBox
    ) throws {
        let valuePosition = input.position(at: input.offset)
        // A value of the wrong kind is read (and checked) into nothing; its error waits for the object's end.
        var wrongValue: SerializationError?
        let first = try input.peek()
        switch tag {
        case .set where first == UInt8(ascii: "["):
            // A set's members go out in canonical order (sorted, each once), as a tree's set does, so that every
            // format writes the same bytes for the same text; a set is collected whole for that.
            let members = ParameterTreeSink.Box()
            try readArray(depth: depth + 1, isSet: true, into: members)
            if let set = members.sink.result {
                // Read within the reader's limit, sent within it.
                try set.sendEvents(to: sink, maximumDepth: Self.maximumDepth)
            }
        case .dataBase64 where first == UInt8(ascii: "\""):
            let text = try readString()
            if let data = Data(base64Encoded: text) {
                try sink.data(data)
            } else {
                wrongValue = error(
                    "invalid Base64 in '$data_base64' \(SerializationError.quoted(text.prefix(40)))",
                    at: valuePosition)
            }
        case .date where first == UInt8(ascii: "\""):
            let text = try readString()
            if let date = JSONTextDate.parse(text) {
                try sink.date(date)
            } else {
                wrongValue = error(
                    "invalid '$date' \(SerializationError.quoted(text)): expected ISO 8601 such as "
                        + "2024-01-02T03:04:05Z, 2024-01-02T03:04:05.250+01:00 or 2024-01-02",
                    at: valuePosition
                )
            }
        case .set:
            try readValue(depth: depth + 1, into: DiscardingSinkBox())
            wrongValue = error("'$set' takes an array of members", at: valuePosition)
        case .dataBase64, .date:
            try readValue(depth: depth + 1, into: DiscardingSinkBox())
            wrongValue = error("\(SerializationError.quoted(tag.rawValue)) takes a string", at: valuePosition)
        }
        try skipWhitespace()
        switch try input.peek() {
        case UInt8(ascii: "}"):
            input.position += 1
            if let wrongValue { throw wrongValue }
        case UInt8(ascii: ","):
            input.position += 1
            // The rest is read for its errors only: the object is refused at its end.
            var tagKeys = [tag.rawValue]
            let (key, duplicate) = try readKey(depth: depth)
            try readMembers(
                firstKey: key, duplicate: duplicate, depth: depth, tagKeys: &tagKeys, into: DiscardingSinkBox())
            throw Self.otherKeysError(tagKeys, at: objectPosition)
        default:
            throw error("unexpected \(describeCurrent()), expected ',' or '}' in an object")
        }
    }

    /// The error for an object with a tag key and other keys.
    static func otherKeysError(_ tagKeys: [String], at position: JSONTextInput.Position) -> SerializationError {
        let tags = tagKeys.map { SerializationError.quoted($0) }.joined(separator: ", ")
        return error("a tagged object (\(tags)) must have no other keys", at: position)
    }
}

/// A sink that drops every event: where the rest of a refused tagged object is read.
final class DiscardingSinkBox: EncodingSinkBox {
    /// Drops the event.
    func beginKeyed(sortsKeys: Bool) {}
    /// Drops the event.
    func key(_ key: String) {}
    /// Drops the event.
    func endKeyed() {}
    /// Drops the event.
    func beginUnkeyed(isSet: Bool) {}
    /// Drops the event.
    func endUnkeyed() {}
    /// Drops the event.
    func string(_ value: String) {}
    /// Drops the event.
    func member(_ key: String, string value: String) {}
    /// Drops the event.
    func bool(_ value: Bool) {}
    /// Drops the event.
    func integer(_ magnitude: UInt64, isNegative: Bool) {}
    /// Drops the event.
    func number(_ value: ParameterNumber) {}
    /// Drops the event.
    func date(_ value: Date) {}
    /// Drops the event.
    func data(_ value: Data) {}
    /// Drops the event.
    func null() {}
    /// Drops the event.
    func array(of elements: [String]) {}
    /// Drops the event.
    func array(of elements: [Int]) {}
}
