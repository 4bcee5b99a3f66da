/// The order Wireform sorts dictionary keys in: by their UTF-8 bytes, which is Unicode code point order.
///
/// Every built-in format uses it: query strings, form bodies and multipart fields (``KeyOrdering/sorted``), JSON
/// (`JSONWritingOptions.sortedKeys`), property lists, ``ParameterDictionary/init(_:)-([String:ParameterValue])`` and ``ParameterValueEncoder``.
/// A third-party format that uses it too writes keys in the same order, whatever the platform: unlike `String`'s
/// `<`, it does not depend on Unicode normalization, so `"é"` (U+00E9) and `"e\u{301}"` are distinct and ordered by
/// their bytes, and `"Z"` sorts before `"a"`.
///
/// ```swift
/// let keys = ["b", "a", "é", "Z"]
/// keys.sorted(by: UTF8Order.precedes)  // ["Z", "a", "b", "é"]
/// UTF8Order.sortedIndices(of: keys)    // [3, 1, 0, 2]
/// ```
@usableFromInline
package enum UTF8Order {
    /// Whether `lhs` sorts before `rhs` by UTF-8 bytes: the same answer as
    /// `lhs.utf8.lexicographicallyPrecedes(rhs.utf8)`, comparing contiguous storage directly.
    /// - Parameters:
    ///   - lhs: A string.
    ///   - rhs: Another string.
    /// - Returns: `true` when `lhs` comes first.
    @inlinable
    package static func precedes(_ lhs: String, _ rhs: String) -> Bool {
        let result: Bool?? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in precedes(left, right) }
        }
        if let result, let result { return result }
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8)
    }

    /// Whether `lhs` sorts before `rhs` byte by byte (a shorter prefix first), for text already written as bytes.
    /// - Parameters:
    ///   - lhs: Some bytes.
    ///   - rhs: Other bytes.
    /// - Returns: `true` when `lhs` comes first.
    @inlinable
    package static func precedes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        // Both arrays compared through one pointer-based loop shared with callers that already hold buffers.
        lhs.withUnsafeBufferPointer { left in rhs.withUnsafeBufferPointer { right in precedes(left, right) } }
    }

    /// Whether `left` sorts before `right` byte by byte (a shorter prefix first).
    /// - Parameters:
    ///   - left: Some bytes.
    ///   - right: Other bytes.
    /// - Returns: `true` when `left` comes first.
    // Buffers, not arrays: callers pass slices of String storage (withUTF8) without copying them into arrays.
    @inlinable
    package static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
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

    /// The positions of `keys` in sorted order.
    /// - Parameter keys: The keys, for example a `ParameterDictionary`'s `orderedKeys`.
    /// - Returns: The indices of `keys`, first key first.
    package static func sortedIndices(of keys: [String]) -> [Int] {
        withOrder(of: keys, .sorted) { Array($0) }
    }

    /// Calls `body` with the positions of `keys` in the order to write them: sorted for ``KeyOrdering/sorted``,
    /// as given for ``KeyOrdering/insertion``. The positions live on the stack, and nothing is sorted when the keys
    /// already are in order.
    /// - Parameters:
    ///   - keys: The keys.
    ///   - ordering: The order to write them in.
    ///   - body: Receives the indices of `keys`, first key first.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    @inlinable
    package static func withOrder<Result, Failure: Error>(
        of keys: [String],
        _ ordering: KeyOrdering,
        // The order on the stack: valid only while `body` runs, which must not keep the buffer.
        _ body: (UnsafeBufferPointer<Int>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let count = keys.count
        let sorts = ordering == .sorted
        // The keys' order on the stack, not an array per dictionary written; initialized just below.
        return try withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { positions throws(Failure) in
            for index in 0..<count { positions.initializeElement(at: index, to: index) }
            if sorts && count > 1 { sort(positions, by: keys) }
            return try body(UnsafeBufferPointer(positions))
        }
    }

    /// The first eight UTF-8 bytes of a string as a big-endian integer, zero-padded: comparing two prefixes
    /// orders the strings unless the prefixes are equal (then the full strings decide).
    @inlinable @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    static func prefix(of string: String) -> UInt64 {
        let contiguous: UInt64? = string.utf8.withContiguousStorageIfAvailable { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            if bytes.count >= 8 {
                // At least 8 bytes are there (checked above): one unaligned 8-byte load instead of 8 byte reads.
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

    /// Sorts positions by their keys: insertion sort for a few keys, mostly in order; the standard library's sort
    /// otherwise.
    // Sorts the caller's stack buffer of positions (withOrder's temporary allocation) in place.
    @usableFromInline
    static func sort(_ positions: UnsafeMutableBufferPointer<Int>, by keys: [String]) {
        var positions = positions
        let count = positions.count
        // Each key's 8-byte prefix computed once, on the stack, so most comparisons never touch the strings.
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: count) { prefixes in
            for index in 0..<count { prefixes.initializeElement(at: index, to: prefix(of: keys[index])) }
            @inline(__always)  // With 12 others: W1 -5 %, W2 -3 %
            func precedes(_ a: Int, _ b: Int) -> Bool {
                let left = prefixes[a]
                let right = prefixes[b]
                if left != right { return left < right }
                return UTF8Order.precedes(keys[a], keys[b])
            }
            var index = 1
            while index < count, precedes(index - 1, index) { index &+= 1 }
            guard index < count else { return }
            guard count <= 32 else {
                positions.sort(by: precedes)
                return
            }
            // Insertion sort from the first key out of order: few keys, mostly in order.
            while index < count {
                let moving = positions[index]
                let movingPrefix = prefixes[moving]
                var slot = index
                while slot > 0 {
                    let other = positions[slot &- 1]
                    let otherPrefix = prefixes[other]
                    let isBefore =
                        movingPrefix != otherPrefix
                        ? movingPrefix < otherPrefix : UTF8Order.precedes(keys[moving], keys[other])
                    if !isBefore { break }
                    positions[slot] = other
                    slot &-= 1
                }
                positions[slot] = moving
                index &+= 1
            }
        }
    }
}
