/// The keys of one open JSON object, to find a duplicate: the keys' bytes end to end, with a hash table of their
/// indices once the object has more than a few keys.
///
/// About the key's own bytes plus 12 bytes a key (a `Set<String>` costs 64 or more for keys of 16 bytes and more,
/// which are allocated one by one): an object of two million keys is checked in tens of megabytes, not hundreds.
/// While the keys come in strictly ascending byte order (a sorted file), a new key is a duplicate only if it is not
/// after the last one, so the hash table is built only when a key comes out of order: 8 to 16 bytes a key less.
struct JSONKeyTable {
    /// Objects with at most this many keys are searched one key after the other.
    private static let linearLimit = 8

    /// Every key's UTF-8 bytes, end to end.
    private var bytes: [UInt8] = []
    /// Where each key ends in ``bytes``.
    private var ends: [Int] = []
    /// Open addressing: a key's index plus one, or 0 for an empty slot; empty until there are more than
    /// ``linearLimit`` keys, then at least twice as many slots as keys.
    private var slots: [Int32] = []
    /// Whether every key so far came strictly after the one before it, byte by byte (then ``slots`` is empty).
    private var isAscending = true
    /// Every key as a `String`, once the object has a key that is not ASCII: Swift compares strings by canonical
    /// equivalence (`"é"` written precomposed or as `e` and a combining accent, the Kelvin sign and `K`), and the
    /// formats' writers treat such keys as one, so the reader refuses them as duplicates. `nil` while every key is
    /// ASCII, where equal bytes are the only equality.
    private var equivalents: Set<String>?

    /// Forgets the keys, keeping the storage for the next object at this depth.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        isAscending = true
        equivalents = nil
    }

    /// Adds a key.
    /// - Returns: `false` when the object has the key already (and it is not added again).
    mutating func insert(_ key: String) -> Bool {
        guard insert(utf8: key.utf8) else { return false }
        if equivalents == nil, key.utf8.contains(where: { $0 >= 0x80 }) {
            equivalents = Set((0..<ends.count - 1).map { String(decoding: bytes[range($0)], as: UTF8.self) })
        }
        return equivalents?.insert(key).inserted ?? true
    }

    /// Adds a key unless its exact bytes are there already.
    private mutating func insert(utf8 key: String.UTF8View) -> Bool {
        if isAscending {
            guard let last = ends.indices.last, !follows(last, key) else {
                append(key)
                return true
            }
            isAscending = false
            // Out of order: from here on the keys are looked up, with a hash table past a few.
            if ends.count > Self.linearLimit {
                var capacity = 64
                while ends.count * 2 >= capacity { capacity *= 2 }
                rehash(capacity: capacity)
            }
        }
        if slots.isEmpty {
            for index in ends.indices where matches(index, key) { return false }
            append(key)
            if ends.count > Self.linearLimit { rehash(capacity: 64) }
            return true
        }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 {
            if matches(Int(slots[slot]) - 1, key) { return false }
            slot = (slot + 1) & mask
        }
        append(key)
        slots[slot] = Int32(truncatingIfNeeded: ends.count)
        if ends.count * 2 > slots.count { rehash(capacity: slots.count * 2) }
        return true
    }

    private mutating func append(_ key: String.UTF8View) {
        bytes.append(contentsOf: key)
        ends.append(bytes.count)
    }

    private func range(_ index: Int) -> Range<Int> { (index == 0 ? 0 : ends[index - 1])..<ends[index] }

    private func matches(_ index: Int, _ key: String.UTF8View) -> Bool {
        let range = range(index)
        return range.count == key.count && bytes[range].elementsEqual(key)
    }

    /// Whether `key` comes strictly after the key at `index`, byte by byte (a longer key after its prefix).
    private func follows(_ index: Int, _ key: String.UTF8View) -> Bool {
        bytes[range(index)].lexicographicallyPrecedes(key)
    }

    private mutating func rehash(capacity: Int) {
        slots = [Int32](repeating: 0, count: capacity)
        let mask = capacity - 1
        for index in ends.indices {
            var slot = Self.hash(bytes[range(index)]) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(truncatingIfNeeded: index + 1)
        }
    }

    /// FNV-1a, 64 bits: stable, and spreads keys that differ only in their last digits.
    private static func hash(_ key: some Sequence<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
