extension UTF8Order {
    /// What sorting needs of a member's key, computed once when the key arrives: its first eight UTF-8 bytes as a
    /// big-endian integer (zero-padded) and whether it is ASCII.
    package struct SortKey {
        /// The first eight bytes; comparing two prefixes orders the keys unless the prefixes are equal.
        package var prefix: UInt64
        /// Whether every byte is ASCII (then keys with different bytes are different keys).
        package var isASCII: Bool

        /// The sort key of a key's UTF-8 bytes.
        // A key's bytes lent by withUTF8; the first 8 are read with one unaligned load when there are 8.
        @inline(__always)  // With the 12 in Query/Writer, UTF8Order and events: W1 -5 %, W2 -3 % (instruction-table)
        package init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let count = bytes.count
            guard let base = bytes.baseAddress, count > 0 else {
                self.init(prefix: 0, isASCII: true)
                return
            }
            // Raw, for the unaligned 8-byte loads below; `base` holds `count` bytes.
            let raw = UnsafeRawPointer(base)
            var prefix: UInt64 = 0
            var bits: UInt64 = 0
            var index = 0
            if count >= 8 {
                prefix = UInt64(bigEndian: raw.loadUnaligned(as: UInt64.self))
                while index &+ 8 <= count {
                    bits |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                    index &+= 8
                }
                if index < count { bits |= raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self) }
            } else {
                var shift: UInt64 = 56
                while index < count {
                    let byte = UInt64(base[index])
                    prefix |= byte &<< shift
                    bits |= byte
                    shift &-= 8
                    index &+= 1
                }
            }
            self.init(prefix: prefix, isASCII: bits & 0x8080_8080_8080_8080 == 0)
        }

        /// The sort key of a key.
        @inline(__always)  // With the 12 in Query/Writer, UTF8Order and events: W1 -5 %, W2 -3 % (instruction-table)
        package init(_ text: String) {
            var text = text
            self = text.withUTF8 { SortKey($0) }
        }

        @inline(__always)  // With the 12 in Query/Writer, UTF8Order and events: W1 -5 %, W2 -3 % (instruction-table)
        private init(prefix: UInt64, isASCII: Bool) {
            self.prefix = prefix
            self.isASCII = isASCII
        }
    }

    /// The order to write a container's members in, when it is not the order they came in.
    ///
    /// A key that comes again keeps its first position and takes its last value, as in `JSONEncoder` and
    /// ``ParameterValueEncoder``; keys are the same when they are equal `String`s (canonically equivalent), and the first
    /// spelling is written. Sorted members are ordered by the UTF-8 bytes of their keys.
    /// - Parameters:
    ///   - count: The number of members, in the order they came.
    ///   - sorted: Whether to sort by key.
    ///   - order: Set to the order, for each member to write the index of the member whose value is written and of
    ///     the one whose key spelling is written, when the result is `true`; a buffer the caller reuses.
    ///   - sortKey: The ``SortKey`` of a member's key, kept by the caller from when the key arrived.
    ///   - key: The key of a member, read only when two keys share their first eight bytes (or are not ASCII).
    /// - Returns: `false` when the members are written as they came.
    package static func memberOrder(
        count: Int,
        sorted: Bool,
        into order: inout [(value: Int, key: Int)],
        sortKey: (Int) -> SortKey,
        key: (Int) -> String
    ) -> Bool {
        withMemberOrder(count: count, sorted: sorted, sortKey: sortKey, key: key) { newOrder in
            guard let newOrder else { return false }
            order.removeAll(keepingCapacity: true)
            order.append(contentsOf: newOrder)
            return true
        }
    }

    /// Calls `body` with the order to write a container's members in (as ``memberOrder(count:sorted:into:sortKey:key:)``
    /// computes it), in a buffer that lives for the call, or with `nil` when the members are written as they came.
    /// - Parameters:
    ///   - count: The number of members, in the order they came.
    ///   - sorted: Whether to sort by key.
    ///   - sortKey: The ``SortKey`` of a member's key.
    ///   - key: The key of a member.
    ///   - mergesRepeatedKeys: Whether keys can repeat; `false` for the distinct keys of a ``ParameterDictionary``,
    ///     which are only sorted (canonically equivalent keys with different bytes stay two members).
    ///   - body: Receives the order: for each member to write, the index of the member whose value is written and
    ///     of the one whose key spelling is written.
    /// - Returns: What `body` returns.
    @inline(__always)  // With the 12 in Query/Writer, UTF8Order and events: W1 -5 %, W2 -3 % (instruction-table)
    package static func withMemberOrder<Result>(
        count: Int,
        sorted: Bool,
        sortKey: (Int) -> SortKey,
        key: (Int) -> String,
        mergesRepeatedKeys: Bool = true,
        // The order is lent for the call, from the stack or an array, so that no array is allocated per container.
        _ body: (UnsafeBufferPointer<(value: Int, key: Int)>?) -> Result
    ) -> Result {
        guard count > 1 else { return body(nil) }
        typealias Entry = (prefix: UInt64, position: Int)
        // Each member's sort key and position on the stack, not in an array allocated per container.
        return withUnsafeTemporaryAllocation(of: Entry.self, capacity: count) { entries in
            var isASCII = true
            for index in 0..<count {
                let sortKey = sortKey(index)
                isASCII = isASCII && sortKey.isASCII
                entries.initializeElement(at: index, to: (sortKey.prefix, index))
            }
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
                        let earlier = entries[slot &- 1]
                        guard
                            moving.prefix < earlier.prefix
                                || (moving.prefix == earlier.prefix && precedes(moving, earlier))
                        else { break }
                        entries[slot] = earlier
                        slot &-= 1
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
            for index in 1..<count where mergesRepeatedKeys && entries[index &- 1].prefix == entries[index].prefix {
                if ByteExactKey.equal(key(entries[index &- 1].position), key(entries[index].position)) {
                    repeats = true
                    break
                }
            }
            if mergesRepeatedKeys, !repeats, !isASCII {
                // Canonically equivalent keys with different bytes ("é", "e\u{301}") are one key, as in a Swift
                // dictionary.
                repeats = Set((0..<count).map(key)).count != count
            }
            if repeats {
                // Repeated keys: the order is an array here, lent as the buffer the callers take.
                return distinctOrder(count: count, sorted: sorted, key: key).withUnsafeBufferPointer { body($0) }
            }
            if !sorted || isInOrder { return body(nil) }
            // The sorted order on the stack; every element is initialized below before `body` reads it.
            return withUnsafeTemporaryAllocation(of: (value: Int, key: Int).self, capacity: count) { order in
                for index in 0..<count {
                    let position = entries[index].position
                    order.initializeElement(at: index, to: (position, position))
                }
                // A read-only view of the buffer initialized above; `body` uses it before the allocation ends.
                return body(UnsafeBufferPointer(order))
            }
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
}
