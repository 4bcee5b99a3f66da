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

    /// The positions of `keys` in UTF-8 order, or `nil` when they are already in that order.
    static func sortedPositions(of keys: [String]) -> [Int]? {
        var isSorted = true
        var index = 1
        while index < keys.count {
            if !precedes(keys[index - 1], keys[index]) {
                isSorted = false
                break
            }
            index &+= 1
        }
        if isSorted { return nil }
        return keys.indices.sorted { precedes(keys[$0], keys[$1]) }
    }
}
