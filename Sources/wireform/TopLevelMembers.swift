/// The members of a large top-level `--params` object, without their values: each key's UTF-8 bytes, packed one
/// after another, and the offset in the input where its value starts.
///
/// About 16 bytes a member plus the key's bytes, where a parsed member costs a `String` for the key, one for a string
/// value and the tree's slots (about 280 bytes a member for 96-byte members). See ``LargeParameters``.
struct TopLevelMembers: Sendable {
    /// The keys' UTF-8 bytes, in input order.
    private(set) var keyText: [UInt8] = []
    /// Where each key ends in ``keyText``; it starts where the previous one ends.
    private(set) var keyEnds: [Int] = []
    /// Where each value starts in the input.
    private(set) var valueOffsets: [Int] = []

    /// The number of members.
    var count: Int { keyEnds.count }

    /// Adds a member.
    mutating func append(key: String, valueOffset: Int) {
        keyText.append(contentsOf: key.utf8)
        keyEnds.append(keyText.count)
        valueOffsets.append(valueOffset)
    }

    /// The bytes of member `index`'s key in ``keyText``.
    func keyRange(_ index: Int) -> Range<Int> { (index == 0 ? 0 : keyEnds[index - 1])..<keyEnds[index] }

    /// Member `index`'s key.
    func key(_ index: Int) -> String { String(decoding: keyText[keyRange(index)], as: UTF8.self) }

    /// Whether two members' keys have the same bytes.
    func keysEqual(_ first: Int, _ second: Int) -> Bool { compareKeys(first, second) == 0 }

    /// Whether member `first`'s key comes before member `second`'s in UTF-8 byte order, the order Wireform sorts
    /// dictionary keys in.
    func keyPrecedes(_ first: Int, _ second: Int) -> Bool { compareKeys(first, second) < 0 }

    private func compareKeys(_ first: Int, _ second: Int) -> Int {
        let left = keyRange(first)
        let right = keyRange(second)
        return keyText.withUnsafeBufferPointer { text in
            let common = min(left.count, right.count)
            for offset in 0..<common {
                let a = text[left.lowerBound + offset]
                let b = text[right.lowerBound + offset]
                if a != b { return a < b ? -1 : 1 }
            }
            return left.count - right.count
        }
    }

    /// A hash of member `index`'s key bytes.
    func keyHash(_ index: Int) -> Int {
        var hasher = Hasher()
        keyText.withUnsafeBytes { text in
            let range = keyRange(index)
            hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: text[range]))
        }
        return hasher.finalize()
    }
}

/// The set of keys read so far, to reject a duplicate: an open-addressing table of member positions (4 bytes a slot,
/// at most half full), so that the check holds no copy of the keys.
struct KeyTextSet {
    private var slots: [UInt32] = Array(repeating: 0, count: 16)
    private var count = 0

    /// Adds member `index`; `false` when a member with the same key is already in the set.
    mutating func insert(_ index: Int, in members: TopLevelMembers) -> Bool {
        if (count + 1) * 2 > slots.count { grow(members) }
        var slot = members.keyHash(index) & (slots.count - 1)
        while slots[slot] != 0 {
            if members.keysEqual(Int(slots[slot]) - 1, index) { return false }
            slot = (slot + 1) & (slots.count - 1)
        }
        // Memory bounds a member count far below 2^32.
        slots[slot] = UInt32(truncatingIfNeeded: index + 1)
        count += 1
        return true
    }

    private mutating func grow(_ members: TopLevelMembers) {
        let old = slots
        slots = []
        slots = Array(repeating: 0, count: old.count * 2)
        for stored in old where stored != 0 {
            var slot = members.keyHash(Int(stored) - 1) & (slots.count - 1)
            while slots[slot] != 0 { slot = (slot + 1) & (slots.count - 1) }
            slots[slot] = stored
        }
    }
}
