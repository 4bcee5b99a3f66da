/// Orders strings by their UTF-8 bytes (Unicode code point order), as the query styles sort dictionary keys.
enum UTF8Order {
    /// Whether `lhs` sorts before `rhs` by UTF-8 bytes; the same answer as
    /// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`, comparing contiguous storage directly.
    @inline(__always)
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let result: Bool?? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in precedes(left, right) }
        }
        if let result, let result { return result }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    @inline(__always)
    static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        let shared = min(left.count, right.count)
        var index = 0
        while index < shared {
            let a = left[index]
            let b = right[index]
            if a != b { return a < b }
            index &+= 1
        }
        return left.count < right.count
    }

    /// The first eight UTF-8 bytes of a string as a big-endian integer, zero-padded: comparing two prefixes
    /// orders the strings unless the prefixes are equal (then the full strings decide).
    @inline(__always)
    static func prefix(of string: String) -> UInt64 {
        let contiguous: UInt64? = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            if bytes.count >= 8 {
                return UInt64(bigEndian: UnsafeRawPointer(base).loadUnaligned(as: UInt64.self))
            }
            var result: UInt64 = 0
            var shift: UInt64 = 56
            for byte in bytes {
                result |= UInt64(byte) << shift
                shift &-= 8
            }
            return result
        }
        if let contiguous { return contiguous }
        var result: UInt64 = 0
        var shift: UInt64 = 56
        for byte in string.utf8 {
            result |= UInt64(byte) << shift
            if shift == 0 { break }
            shift &-= 8
        }
        return result
    }

    /// The positions of `keys` in UTF-8 order, or `nil` when they are already in that order.
    static func sortedPositions(of keys: [String]) -> [Int]? {
        let count = keys.count
        guard count > 1 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { prefixes -> [Int]? in
            for index in 0..<count { prefixes[index] = prefix(of: keys[index]) }
            @inline(__always)
            func precedes(_ a: Int, _ b: Int) -> Bool {
                let left = prefixes[a]
                let right = prefixes[b]
                if left != right { return left < right }
                return UTF8Order.precedes(keys[a], keys[b])
            }
            var index = 1
            while index < count {
                if !precedes(index - 1, index) { break }
                index &+= 1
            }
            if index == count { return nil }
            var positions = Array(0..<count)
            positions.sort(by: precedes)
            return positions
        }
    }
}
