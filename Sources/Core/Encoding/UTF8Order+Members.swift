extension UTF8Order {
    /// The order to write a container's members in, when it is not the order they came in.
    ///
    /// A key that comes again keeps its first position and takes its last value, as in `JSONEncoder` and
    /// ``ParameterValueEncoder``; keys are the same when they are equal `String`s (canonically equivalent), and the first
    /// spelling is written. Sorted members are ordered by the UTF-8 bytes of their keys.
    /// - Parameters:
    ///   - count: The number of members, in the order they came.
    ///   - sorted: Whether to sort by key.
    ///   - key: The key of a member.
    ///   - order: Set to the order, for each member to write the index of the member whose value is written and of
    ///     the one whose key spelling is written, when the result is `true`; a buffer the caller reuses.
    /// - Returns: `false` when the members are written as they came.
    @inline(__always)
    package static func memberOrder(
        count: Int,
        sorted: Bool,
        into order: inout [(value: Int, key: Int)],
        key: (Int) -> String
    ) -> Bool {
        guard count > 1 else { return false }
        typealias Entry = (prefix: UInt64, position: Int)
        return withUnsafeTemporaryAllocation(of: Entry.self, capacity: count) { entries in
            var highBits: UInt8 = 0
            for index in 0..<count {
                let (prefix, bits) = Self.prefixAndHighBits(of: key(index))
                highBits |= bits
                entries.initializeElement(at: index, to: (prefix, index))
            }
            let isASCII = highBits & 0x80 == 0
            // Stable: equal keys keep the order they came in.
            func precedes(_ left: Entry, _ right: Entry) -> Bool {
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                let leftKey = key(left.position)
                let rightKey = key(right.position)
                if Self.precedes(leftKey, rightKey) { return true }
                if Self.precedes(rightKey, leftKey) { return false }
                return left.position < right.position
            }
            var isInOrder = true
            if count <= 32 {
                // Insertion sort: few keys, often nearly in order; prefixes decide most comparisons.
                for index in 1..<count {
                    let moving = entries[index]
                    var slot = index
                    while slot > 0 {
                        let earlier = entries[slot - 1]
                        guard
                            moving.prefix < earlier.prefix
                                || (moving.prefix == earlier.prefix && precedes(moving, earlier))
                        else { break }
                        entries[slot] = earlier
                        slot -= 1
                    }
                    if slot != index {
                        entries[slot] = moving
                        isInOrder = false
                    }
                }
            } else {
                var sortable = entries
                sortable.sort(by: precedes)
                isInOrder = entries.indices.allSatisfy { entries[$0].position == $0 }
            }
            var repeats = false
            for index in 1..<count where entries[index - 1].prefix == entries[index].prefix {
                if ByteExactKey.equal(key(entries[index - 1].position), key(entries[index].position)) {
                    repeats = true
                    break
                }
            }
            if !repeats, !isASCII {
                // Canonically equivalent keys with different bytes ("é", "e\u{301}") are one key, as in a Swift
                // dictionary.
                repeats = Set((0..<count).map(key)).count != count
            }
            if repeats {
                order = distinctOrder(count: count, sorted: sorted, key: key)
                return true
            }
            if !sorted || isInOrder { return false }
            order.removeAll(keepingCapacity: true)
            order.reserveCapacity(count)
            for entry in entries { order.append((entry.position, entry.position)) }
            return true
        }
    }

    /// The order when keys repeat: each key once, with its last value.
    private static func distinctOrder(count: Int, sorted: Bool, key: (Int) -> String) -> [(value: Int, key: Int)] {
        var slots: [String: Int] = [:]
        var order: [(value: Int, key: Int)] = []
        for index in 0..<count {
            let text = key(index)
            if let slot = slots[text] {
                order[slot].value = index
            } else {
                slots[text] = order.count
                order.append((index, index))
            }
        }
        if sorted { order.sort { precedes(key($0.key), key($1.key)) } }
        return order
    }

    /// The key's ``prefix(of:)`` and the OR of all its bytes (bit 7 set when it is not ASCII), in one pass.
    @inline(__always)
    private static func prefixAndHighBits(of text: String) -> (UInt64, UInt8) {
        let result: (UInt64, UInt8)? = text.utf8.withContiguousStorageIfAvailable { bytes in
            var prefix: UInt64 = 0
            var shift: UInt64 = 56
            var bits: UInt8 = 0
            for (index, byte) in bytes.enumerated() {
                bits |= byte
                if index < 8 {
                    prefix |= UInt64(byte) << shift
                    shift &-= 8
                }
            }
            return (prefix, bits)
        }
        if let result { return result }
        return (prefix(of: text), text.utf8.reduce(0) { $0 | $1 })
    }
}
