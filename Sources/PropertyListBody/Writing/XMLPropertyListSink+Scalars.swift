import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XMLPropertyListSink {
    mutating func string(_ value: String) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        if let problem = appendElement("string", text: value, isKey: false) { throw failure(problem) }
    }

    mutating func bool(_ value: Bool) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        bytes.append(contentsOf: value ? Self.trueElement : Self.falseElement)
    }

    mutating func integer(_ magnitude: UInt64, isNegative: Bool) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        appendOpenTag("integer")
        if isNegative { bytes.append(UInt8(ascii: "-")) }
        // At most 20 digits: a small string, held inline.
        bytes.append(utf8: String(magnitude))
        appendCloseTag("integer")
    }

    mutating func number(_ value: ParameterNumber) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        if let problem = PropertyListValueRules.problem(with: value) { throw failure(problem) }
        let name = value.isInteger ? "integer" : "real"
        appendOpenTag(name)
        scratch.removeAll(keepingCapacity: true)
        value.appendText(to: &scratch)
        bytes.append(contentsOf: scratch)
        appendCloseTag(name)
    }

    mutating func date(_ value: Date) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        // One rule for every text format: the date must fall in the years 1 to 9999 once rounded to milliseconds,
        // as ISO 8601 text needs (a date that rounds into year 10000 is an error, not truncated).
        guard ISO8601Text.isRepresentable(value) else { throw failure(.dateOutOfRange) }
        // XML property lists hold whole seconds only; round down as Apple's writer does.
        let seconds = value.timeIntervalSince1970.rounded(.down)
        appendOpenTag("date")
        scratch.removeAll(keepingCapacity: true)
        do {
            try ISO8601Text.append(Date(timeIntervalSince1970: seconds), to: &scratch)
        } catch {
            throw failure(.dateOutOfRange)
        }
        bytes.append(contentsOf: scratch)
        appendCloseTag("date")
    }

    mutating func data(_ value: Data) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        appendData(value, depth: levels.count)
    }

    mutating func null() throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        throw failure(.null)
    }

    /// The error for a problem with the value being written.
    func failure(_ problem: PropertyListWriteFailure.Problem) -> SerializationError {
        PropertyListWriteFailure(problem, at: levels.path).serializationError(format: .xml)
    }
}
