import Wireform

/// The number encodings of the binary property list format (`bplist00`): big-endian integers, object markers with
/// a count, and the smallest size that holds a value; and the size of an object already written, read from its
/// marker.
enum BinaryPropertyListBytes {
    /// Appends the low `size` bytes of a value, most significant first.
    static func appendBigEndian(_ value: UInt64, size: Int, to bytes: inout QueryByteWriter) {
        var shift = (size - 1) * 8
        while shift >= 0 {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    /// Appends a non-negative integer object in the smallest of 1, 2, 4 or 8 bytes.
    static func appendInteger(_ value: UInt64, to bytes: inout QueryByteWriter) {
        let size = byteCount(for: value)
        bytes.append(0x10 | UInt8(size.trailingZeroBitCount))
        appendBigEndian(value, size: size, to: &bytes)
    }

    /// Appends a marker with a count in its low nibble, or `0xF` followed by the count as an integer object.
    static func appendMarker(_ marker: UInt8, count: Int, to bytes: inout QueryByteWriter) {
        if count < 15 {
            bytes.append(marker | UInt8(count))
        } else {
            bytes.append(marker | 0x0F)
            appendInteger(UInt64(count), to: &bytes)
        }
    }

    /// Stores a marker and its count as ``appendMarker(_:count:to:)`` appends them, over bytes already written.
    /// - Returns: The number of bytes stored, ``markerSize(count:)``.
    static func storeMarker(_ marker: UInt8, count: Int, at position: Int, in bytes: inout QueryByteWriter) -> Int {
        if count < 15 {
            bytes.storeBigEndian(UInt64(marker | UInt8(count)), size: 1, at: position)
            return 1
        }
        let size = byteCount(for: UInt64(count))
        bytes.storeBigEndian(UInt64(marker | 0x0F), size: 1, at: position)
        bytes.storeBigEndian(UInt64(0x10 | UInt8(size.trailingZeroBitCount)), size: 1, at: position + 1)
        bytes.storeBigEndian(UInt64(count), size: size, at: position + 2)
        return 2 + size
    }

    /// The bytes of a marker with this count: one, or the marker and an integer object.
    static func markerSize(count: Int) -> Int {
        count < 15 ? 1 : 2 + byteCount(for: UInt64(count))
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

    /// The size of a scalar object that starts at `position`, as its marker gives it: a boolean (`0x08`, `0x09`);
    /// an integer, real or date (`0x1_`, `0x2_`, `0x33`: the marker and 2^n bytes); data, an ASCII string or a
    /// UTF-16 string (`0x4_`, `0x5_`, `0x6_`: the marker, the count in its low nibble or as an integer object after
    /// `0xF`, then as many bytes or UTF-16 units).
    // Reads the document's own bytes in place, at positions the writer recorded (a marker byte and its length).
    static func scalarSize(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let marker = bytes[position]
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x1, 0x2, 0x3:
            return 1 + (1 << low)
        case 0x4, 0x5, 0x6:
            var count = low
            var header = 1
            if low == 0x0F {
                let size = 1 << Int(bytes[position + 1] & 0x0F)
                count = 0
                for index in 0..<size { count = count << 8 | Int(bytes[position + 2 + index]) }
                header = 2 + size
            }
            return header + (marker >> 4 == 0x6 ? 2 * count : count)
        default:
            // 0x08 and 0x09: the booleans, the only other scalars written.
            return 1
        }
    }
}
