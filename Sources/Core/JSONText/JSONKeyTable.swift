/// The keys of one open JSON object, to find a duplicate: the keys' bytes end to end, with a hash table of their
/// indices once the object has more than a few keys.
///
/// About the key's own bytes plus 12 bytes a key (a `Set<String>` costs 64 or more for keys of 16 bytes and more,
/// which are allocated one by one): an object of two million keys is checked in tens of megabytes, not hundreds.
/// While the keys come in strictly ascending byte order (a sorted file), a new key is a duplicate only if it is not
/// after the last one, so only the keys' bytes and 1-byte lengths are kept; where each ends and the hash table are
/// made when a key comes out of order (1 byte a key instead of 16 to 24 for a sorted file).
struct JSONKeyTable {
    /// Objects with at most this many keys are searched one key after the other.
    private static let linearLimit = 8

    /// Every key's UTF-8 bytes, end to end.
    private var bytes: [UInt8] = []
    /// Where each key ends in ``bytes``, once the keys are looked up (``isAscending`` is `false`).
    private var ends: [Int] = []
    /// Each key's length while the keys ascend: 1 byte a key instead of 8 (keys of at most 255 bytes).
    private var lengths: [UInt8] = []
    /// Open addressing: a key's index plus one, or 0 for an empty slot; empty until there are more than
    /// ``linearLimit`` keys, then at least twice as many slots as keys.
    private var slots: [Int32] = []
    /// Whether every key so far came strictly after the one before it, byte by byte, and was ASCII and at most 255
    /// bytes long (then the keys' lengths are in ``lengths``, and ``ends`` and ``slots`` are empty).
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
        lengths.removeAll(keepingCapacity: true)
        slots.removeAll(keepingCapacity: true)
        isAscending = true
        equivalents = nil
    }

    /// Adds a key.
    /// - Returns: `false` when the object has the key already (and it is not added again).
    mutating func insert(_ key: String) -> Bool {
        guard insert(utf8: key.utf8) else { return false }
        if equivalents == nil, key.utf8.contains(where: { $0 >= 0x80 }) {
            if isAscending { stopAscending() }
            equivalents = Set((0..<ends.count - 1).map { String(decoding: bytes[range($0)], as: UTF8.self) })
        }
        return equivalents?.insert(key).inserted ?? true
    }

    /// Adds a key unless its exact bytes are there already.
    private mutating func insert(utf8 key: String.UTF8View) -> Bool {
        if isAscending {
            let lastStart = bytes.count - Int(lengths.last ?? 0)
            if key.count <= Int(UInt8.max), lengths.isEmpty || bytes[lastStart...].lexicographicallyPrecedes(key) {
                bytes.append(contentsOf: key)
                lengths.append(UInt8(key.count))
                return true
            }
            stopAscending()
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

    /// From here on the keys are looked up: where each ends, and a hash table past a few.
    private mutating func stopAscending() {
        isAscending = false
        ends.reserveCapacity(lengths.count)
        var end = 0
        for length in lengths {
            end += Int(length)
            ends.append(end)
        }
        lengths = []
        if ends.count > Self.linearLimit {
            var capacity = 64
            while ends.count * 2 >= capacity { capacity *= 2 }
            rehash(capacity: capacity)
        }
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
