import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BinaryPropertyListSink {
    /// Starts a scalar's object; its bytes follow in ``scalarBytes``.
    private mutating func beginScalar() throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
    }

    /// Ends a scalar's object at the end of ``scalarBytes``.
    private mutating func endScalar(startingAt start: Int) {
        objects.append(Object(marker: 0, start: start, count: scalarBytes.count - start))
    }

    /// A string object: ASCII in one byte a character, anything else in UTF-16.
    mutating func appendString(_ value: String) {
        let start = scalarBytes.count
        if value.utf8.allSatisfy({ $0 < 0x80 }) {
            BinaryPropertyListBytes.appendMarker(0x50, count: value.utf8.count, to: &scalarBytes)
            scalarBytes.append(contentsOf: value.utf8)
        } else {
            BinaryPropertyListBytes.appendMarker(0x60, count: value.utf16.count, to: &scalarBytes)
            for unit in value.utf16 { BinaryPropertyListBytes.appendBigEndian(UInt64(unit), size: 2, to: &scalarBytes) }
        }
        endScalar(startingAt: start)
    }

    /// The text of a string object already written by ``appendString(_:)``: its marker (with the count in its low
    /// nibble, or `0xF` and an integer object), then ASCII bytes (`0x5_`) or big-endian UTF-16 units (`0x6_`).
    func storedString(ofObject index: Int) -> String {
        let object = objects[index]
        let start = object.start
        let countSize = scalarBytes[start] & 0x0F < 15 ? 0 : 1 + (1 << Int(scalarBytes[start + 1] & 0x0F))
        let payload = scalarBytes[(start + 1 + countSize)..<(start + object.count)]
        if scalarBytes[start] & 0xF0 == 0x50 { return String(decoding: payload, as: UTF8.self) }
        var units: [UInt16] = []
        units.reserveCapacity(payload.count / 2)
        var index = payload.startIndex
        while index + 1 < payload.endIndex {
            units.append(UInt16(payload[index]) << 8 | UInt16(payload[index + 1]))
            index += 2
        }
        return String(decoding: units, as: UTF16.self)
    }

    mutating func string(_ value: String) throws(SerializationError) {
        try beginScalar()
        appendString(value)
    }

    mutating func bool(_ value: Bool) throws(SerializationError) {
        try beginScalar()
        let start = scalarBytes.count
        scalarBytes.append(value ? 0x09 : 0x08)
        endScalar(startingAt: start)
    }

    mutating func integer(_ magnitude: UInt64, isNegative: Bool) throws(SerializationError) {
        try beginScalar()
        appendInteger(magnitude, isNegative: isNegative)
    }

    /// An integer object: a non-negative one in the fewest bytes, a negative one in 8 bytes (two's complement), one
    /// above `Int64.max` in 16 bytes whose high half is zero, as Apple writes them.
    private mutating func appendInteger(_ magnitude: UInt64, isNegative: Bool) {
        let start = scalarBytes.count
        if isNegative && magnitude != 0 {
            scalarBytes.append(0x13)
            BinaryPropertyListBytes.appendBigEndian(0 &- magnitude, size: 8, to: &scalarBytes)
        } else if magnitude <= UInt64(Int64.max) {
            BinaryPropertyListBytes.appendInteger(magnitude, to: &scalarBytes)
        } else {
            scalarBytes.append(0x14)
            BinaryPropertyListBytes.appendBigEndian(0, size: 8, to: &scalarBytes)
            BinaryPropertyListBytes.appendBigEndian(magnitude, size: 8, to: &scalarBytes)
        }
        endScalar(startingAt: start)
    }

    mutating func number(_ value: ParameterNumber) throws(SerializationError) {
        try beginScalar()
        if let problem = PropertyListValueRules.problem(with: value) { throw failure(problem) }
        if let signed = value.int64Value {
            return appendInteger(signed.magnitude, isNegative: signed < 0)
        }
        if let unsigned = value.uint64Value { return appendInteger(unsigned, isNegative: false) }
        if let problem = PropertyListValueRules.binaryRealProblem(with: value) { throw failure(problem) }
        appendReal(marker: 0x23, value.doubleValue)
    }

    /// A real or a date: a marker and an 8-byte double.
    private mutating func appendReal(marker: UInt8, _ value: Double) {
        let start = scalarBytes.count
        scalarBytes.append(marker)
        BinaryPropertyListBytes.appendBigEndian(value.bitPattern, size: 8, to: &scalarBytes)
        endScalar(startingAt: start)
    }

    mutating func date(_ value: Date) throws(SerializationError) {
        try beginScalar()
        let seconds = value.timeIntervalSinceReferenceDate
        guard seconds.isFinite else { throw failure(.dateOutOfRange) }
        appendReal(marker: 0x33, seconds)
    }

    mutating func data(_ value: Data) throws(SerializationError) {
        try beginScalar()
        let start = scalarBytes.count
        BinaryPropertyListBytes.appendMarker(0x40, count: value.count, to: &scalarBytes)
        scalarBytes.append(contentsOf: value)
        endScalar(startingAt: start)
    }

    mutating func null() throws(SerializationError) {
        try beginScalar()
        throw failure(.null)
    }

    /// The error for a problem with the value being written.
    func failure(_ problem: PropertyListWriteFailure.Problem) -> SerializationError {
        PropertyListWriteFailure(problem, at: levels.path).serializationError(format: .binary)
    }
}
