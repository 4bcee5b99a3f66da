import Foundation

/// Sorting object keys by their UTF-8 bytes, the order ``JSONWritingOptions/sortedKeys`` promises.
enum KeyOrder {
    /// The positions of the keys in sorted order, or `nil` when they are already sorted (the common case for
    /// trees built from Swift dictionaries or decoded data), so no array is made.
    static func sortedIndices(of keys: [String]) -> [Int]? {
        var isSorted = true
        var index = 1
        while index < keys.count {
            if !precedes(keys[index - 1], keys[index]) {
                isSorted = false
                break
            }
            index += 1
        }
        if isSorted { return nil }
        return keys.indices.sorted { precedes(keys[$0], keys[$1]) }
    }

    /// Whether one key's UTF-8 bytes sort before another's: `memcmp` on the contiguous UTF-8 of native strings.
    static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        var lhs = lhs
        var rhs = rhs
        return lhs.withUTF8 { left in
            rhs.withUTF8 { right in
                let common = min(left.count, right.count)
                if common > 0, let leftBase = left.baseAddress, let rightBase = right.baseAddress {
                    let order = memcmp(leftBase, rightBase, common)
                    if order != 0 { return order < 0 }
                }
                return left.count < right.count
            }
        }
    }
}
