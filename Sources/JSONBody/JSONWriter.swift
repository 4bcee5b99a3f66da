import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes a ``Wireform/ParameterValue`` tree as UTF-8 JSON text into one growing byte buffer.
struct JSONWriter {
    let options: JSONWritingOptions
    let dateEncoding: JSONDateEncoding
    let dataEncoding: JSONDataEncoding
    var bytes: [UInt8] = []

    init(options: JSONWritingOptions, dateEncoding: JSONDateEncoding, dataEncoding: JSONDataEncoding) {
        self.options = options
        self.dateEncoding = dateEncoding
        self.dataEncoding = dataEncoding
    }

    /// Writes a whole body; a top-level scalar needs ``JSONWritingOptions/fragmentsAllowed``.
    mutating func writeBody(_ value: ParameterValue) throws(SerializationError) {
        if !value.isContainer && !options.contains(.fragmentsAllowed) {
            throw SerializationError(
                .invalidTopLevelValue,
                "A JSON body must be an object or an array, not \(value.kindName); "
                    + "use the 'fragmentsAllowed' option to write a top-level scalar"
            )
        }
        do {
            try write(value, depth: 0)
        } catch {
            throw error.serializationError
        }
    }

    private mutating func write(_ value: ParameterValue, depth: Int) throws(JSONWriteFailure) {
        switch value {
        case .string(let string):
            appendString(string)
        case .number(let number):
            guard number.isFinite else { throw JSONWriteFailure(.nonFiniteNumber(number)) }
            number.appendText(to: &bytes)
        case .bool(let bool):
            bytes.append(contentsOf: bool ? Self.trueLiteral : Self.falseLiteral)
        case .null:
            bytes.append(contentsOf: Self.nullLiteral)
        case .date(let date):
            try appendDate(date)
        case .data(let data):
            guard dataEncoding == .base64 else { throw JSONWriteFailure(.rejectedData) }
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: data.base64EncodedData())
            bytes.append(UInt8(ascii: "\""))
        case .array(let elements):
            guard depth < ParameterValue.maximumDepth else { throw JSONWriteFailure(.tooDeep) }
            try writeArray(elements, depth: depth)
        case .set(let members):
            guard depth < ParameterValue.maximumDepth else { throw JSONWriteFailure(.tooDeep) }
            try writeArray(ParameterValue.canonicalSetMembers(members), depth: depth)
        case .dictionary(let dictionary):
            guard depth < ParameterValue.maximumDepth else { throw JSONWriteFailure(.tooDeep) }
            try writeObject(dictionary, depth: depth)
        }
    }

    private mutating func writeArray(_ elements: [ParameterValue], depth: Int) throws(JSONWriteFailure) {
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            appendNewline(depth: depth + 1)
            do {
                try write(element, depth: depth + 1)
            } catch {
                throw error.inside(.index(index))
            }
        }
        if !elements.isEmpty { appendNewline(depth: depth) }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func writeObject(_ dictionary: ParameterDictionary, depth: Int) throws(JSONWriteFailure) {
        bytes.append(UInt8(ascii: "{"))
        let separator = options.contains(.prettyPrinted) ? Self.prettyColon : Self.compactColon
        var isFirst = true
        func member(_ key: String, _ value: ParameterValue, into writer: inout Self) throws(JSONWriteFailure) {
            if !isFirst { writer.bytes.append(UInt8(ascii: ",")) }
            isFirst = false
            writer.appendNewline(depth: depth + 1)
            writer.appendString(key)
            writer.bytes.append(contentsOf: separator)
            do {
                try writer.write(value, depth: depth + 1)
            } catch {
                throw error.inside(.key(key))
            }
        }
        let ordering: KeyOrdering = options.contains(.sortedKeys) ? .sorted : .insertion
        try UTF8Order.withOrder(of: dictionary.orderedKeys, ordering) { order throws(JSONWriteFailure) in
            for index in order { try member(dictionary[index].key, dictionary[index].value, into: &self) }
        }
        if !isFirst { appendNewline(depth: depth) }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func appendDate(_ date: Date) throws(JSONWriteFailure) {
        switch dateEncoding.base {
        case .iso8601:
            bytes.append(UInt8(ascii: "\""))
            do { try ISO8601Text.append(date, to: &bytes) } catch { throw JSONWriteFailure(.dateOutOfRange(.iso8601)) }
            bytes.append(UInt8(ascii: "\""))
        case .secondsSince1970:
            let seconds = date.timeIntervalSince1970
            guard seconds.isFinite else { throw JSONWriteFailure(.dateOutOfRange(.secondsSince1970)) }
            ParameterNumber(seconds).appendText(to: &bytes)
        case .millisecondsSince1970:
            guard let milliseconds = DateRange.millisecondsSince1970(date) else {
                throw JSONWriteFailure(.dateOutOfRange(.millisecondsSince1970))
            }
            ParameterNumber(milliseconds).appendText(to: &bytes)
        case .rejected:
            throw JSONWriteFailure(.rejectedDate)
        }
    }

    /// A newline and two spaces per level when pretty printing; nothing otherwise.
    private mutating func appendNewline(depth: Int) {
        guard options.contains(.prettyPrinted) else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
    }

    private static let trueLiteral: [UInt8] = Array("true".utf8)
    private static let falseLiteral: [UInt8] = Array("false".utf8)
    private static let nullLiteral: [UInt8] = Array("null".utf8)
    private static let compactColon: [UInt8] = [UInt8(ascii: ":")]
    private static let prettyColon: [UInt8] = Array(" : ".utf8)
}
