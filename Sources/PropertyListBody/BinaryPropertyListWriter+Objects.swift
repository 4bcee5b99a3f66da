extension BinaryPropertyListWriter {
    /// Writes one object with its marker byte.
    mutating func append(_ object: Object, referenceSize: Int) {
        switch object {
        case .bool(let bool):
            bytes.append(bool ? 0x09 : 0x08)
        case .signed(let value):
            if value >= 0 {
                appendInteger(UInt64(value))
            } else {
                // Negative integers are always 8 bytes, two's complement.
                bytes.append(0x13)
                appendBigEndian(UInt64(bitPattern: value), size: 8)
            }
        case .unsigned(let value):
            if value <= UInt64(Int64.max) {
                appendInteger(value)
            } else {
                // Above Int64.max: a 16-byte integer whose high half is zero, as Apple writes it.
                bytes.append(0x14)
                appendBigEndian(0, size: 8)
                appendBigEndian(value, size: 8)
            }
        case .real(let value):
            bytes.append(0x23)
            appendBigEndian(value.bitPattern, size: 8)
        case .date(let secondsSince2001):
            bytes.append(0x33)
            appendBigEndian(secondsSince2001.bitPattern, size: 8)
        case .data(let data):
            appendMarker(0x40, count: data.count)
            bytes.append(contentsOf: data)
        case .string(let string):
            if string.utf8.allSatisfy({ $0 < 0x80 }) {
                appendMarker(0x50, count: string.utf8.count)
                bytes.append(contentsOf: string.utf8)
            } else {
                appendMarker(0x60, count: string.utf16.count)
                for unit in string.utf16 { appendBigEndian(UInt64(unit), size: 2) }
            }
        case .array(let children):
            appendMarker(0xA0, count: children.count)
            for child in children { appendBigEndian(UInt64(child), size: referenceSize) }
        case .dictionary(let keys, let values):
            appendMarker(0xD0, count: keys.count)
            for key in keys { appendBigEndian(UInt64(key), size: referenceSize) }
            for value in values { appendBigEndian(UInt64(value), size: referenceSize) }
        }
    }

    /// A non-negative integer in the smallest of 1, 2, 4 or 8 bytes.
    private mutating func appendInteger(_ value: UInt64) {
        let size = Self.byteCount(for: value)
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(value, size: size)
    }

    /// A marker with a count in its low nibble, or `0xF` followed by the count as an integer object.
    private mutating func appendMarker(_ marker: UInt8, count: Int) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            appendInteger(UInt64(count))
        }
    }

    /// The low `size` bytes of a value, most significant first.
    mutating func appendBigEndian(_ value: UInt64, size: Int) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// The smallest of 1, 2, 4 and 8 bytes that holds a value.
    static func byteCount(for value: UInt64) -> Int {
        switch value {
        case 0...0xFF: return 1
        case 0...0xFFFF: return 2
        case 0...0xFFFF_FFFF: return 4
        default: return 8
        }
    }
}
