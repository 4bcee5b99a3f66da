/// The number encodings of the binary property list format (`bplist00`): big-endian integers, object markers with
/// a count, and the smallest size that holds a value.
enum BinaryPropertyListBytes {
    /// Appends the low `size` bytes of a value, most significant first.
    static func appendBigEndian(_ value: UInt64, size: Int, to bytes: inout [UInt8]) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// Appends a non-negative integer object in the smallest of 1, 2, 4 or 8 bytes.
    static func appendInteger(_ value: UInt64, to bytes: inout [UInt8]) {
        let size = byteCount(for: value)
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(value, size: size, to: &bytes)
    }

    /// Appends a marker with a count in its low nibble, or `0xF` followed by the count as an integer object.
    static func appendMarker(_ marker: UInt8, count: Int, to bytes: inout [UInt8]) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            appendInteger(UInt64(count), to: &bytes)
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
