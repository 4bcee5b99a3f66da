import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension BinaryPropertyListSink {
    /// Starts a scalar's object; its bytes follow in ``bytes``.
    private mutating func beginScalar() throws(SerializationError) {
        if let failure { throw failure }
        beginValue()
    }

    /// Ends a scalar's object, written at the end of ``bytes``.
    private mutating func endScalar() {
        objectCount += 1
    }

    /// A string object: ASCII in one byte a character, anything else in UTF-16.
    mutating func appendString(_ value: String) {
        if UTF8Order.SortKey(value).isASCII {
            BinaryPropertyListBytes.appendMarker(0x50, count: value.utf8.count, to: &bytes)
            bytes.append(utf8: value)
        } else {
            let units = value.utf16.count
            BinaryPropertyListBytes.appendMarker(0x60, count: units, to: &bytes)
            // Straight into the document: a scratch array kept a long string's UTF-16 bytes a second time (issue 38).
            bytes.reserve(2 * units)
            for unit in value.utf16 {
                bytes.append(UInt8(truncatingIfNeeded: unit >> 8))
                bytes.append(UInt8(truncatingIfNeeded: unit))
            }
        }
        endScalar()
    }

    /// The text of a string object already written by ``appendString(_:)`` at `position` in ``bytes``: its marker
    /// (with the count in its low nibble, or `0xF` and an integer object), then ASCII bytes (`0x5_`) or big-endian
    /// UTF-16 units (`0x6_`).
    func storedString(at position: Int) -> String {
        let written = bytes.writtenBytes
        let size = BinaryPropertyListBytes.scalarSize(at: position, in: written)
        let countSize = written[position] & 0x0F < 15 ? 0 : 1 + (1 << Int(written[position + 1] & 0x0F))
        let payload = written[(position + 1 + countSize)..<(position + size)]
        if written[position] & 0xF0 == 0x50 { return String(decoding: payload, as: UTF8.self) }
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
        bytes.append(value ? 0x09 : 0x08)
        endScalar()
    }

    mutating func integer(_ magnitude: UInt64, isNegative: Bool) throws(SerializationError) {
        try beginScalar()
        appendInteger(magnitude, isNegative: isNegative)
    }

    /// An integer object: a non-negative one in the fewest bytes, a negative one in 8 bytes (two's complement), one
    /// above `Int64.max` in 16 bytes whose high half is zero, as Apple writes them.
    private mutating func appendInteger(_ magnitude: UInt64, isNegative: Bool) {
        if isNegative && magnitude != 0 {
            bytes.append(0x13)
            BinaryPropertyListBytes.appendBigEndian(0 &- magnitude, size: 8, to: &bytes)
        } else if magnitude <= UInt64(Int64.max) {
            BinaryPropertyListBytes.appendInteger(magnitude, to: &bytes)
        } else {
            bytes.append(0x14)
            BinaryPropertyListBytes.appendBigEndian(0, size: 8, to: &bytes)
            BinaryPropertyListBytes.appendBigEndian(magnitude, size: 8, to: &bytes)
        }
        endScalar()
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
        bytes.append(marker)
        BinaryPropertyListBytes.appendBigEndian(value.bitPattern, size: 8, to: &bytes)
        endScalar()
    }

    mutating func date(_ value: Date) throws(SerializationError) {
        try beginScalar()
        let seconds = value.timeIntervalSinceReferenceDate
        guard seconds.isFinite else { throw failure(.dateOutOfRange) }
        appendReal(marker: 0x33, seconds)
    }

    mutating func data(_ value: Data) throws(SerializationError) {
        try beginScalar()
        BinaryPropertyListBytes.appendMarker(0x40, count: value.count, to: &bytes)
        // The data's storage, lent for the copy.
        value.withUnsafeBytes { bytes.append(contentsOf: $0) }
        endScalar()
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
