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
        // The digits, last first, then turned around in place.
        var low = bytes.count
        var remaining = magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10))
            remaining /= 10
        } while remaining > 0
        var high = bytes.count - 1
        while low < high {
            bytes.swapAt(low, high)
            low += 1
            high -= 1
        }
        appendCloseTag("integer")
    }

    mutating func number(_ value: ParameterNumber) throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
        if let problem = PropertyListValueRules.problem(with: value) { throw failure(problem) }
        let name = value.isInteger ? "integer" : "real"
        appendOpenTag(name)
        value.appendText(to: &bytes)
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
        do {
            try ISO8601Text.append(Date(timeIntervalSince1970: seconds), to: &bytes)
        } catch {
            throw failure(.dateOutOfRange)
        }
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
