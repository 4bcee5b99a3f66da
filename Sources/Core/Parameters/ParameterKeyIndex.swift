/// The key index of a large ``ParameterDictionary``: an open-addressing table of positions into the dictionary's key
/// array, probed linearly and kept at most half full.
///
/// It stores 4 bytes a slot (about 8 a key) and no copy of the keys: a `[String: Int]` costs about 50 bytes a key,
/// which for a 2-million-key `--params-file` was 100 MB, and 150 MB while it grew. Keys are hashed and compared by
/// their UTF-8 bytes (``ByteExactKey``), so `"é"` and `"e\u{301}"` stay different keys.
struct ParameterKeyIndex: Sendable {
    /// Position + 1 of the key in each slot; 0 for an empty slot. The count is 0 or a power of two.
    private var slots: [UInt32] = []

    /// An empty index.
    init() {}

    /// The position of `key` in `keys`, or `nil`.
    func position(of key: String, in keys: [String]) -> Int? {
        guard !slots.isEmpty else { return nil }
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while true {
            let stored = slots[slot]
            if stored == 0 { return nil }
            let position = Int(stored) - 1
            if ByteExactKey.equal(keys[position], key) { return position }
            slot = (slot + 1) & mask
        }
    }

    /// Records that `keys[position]`, a key not in the index yet, is at `position`; grows the table when it would
    /// be more than half full.
    mutating func insert(position: Int, in keys: [String]) {
        if (position + 1) * 2 > slots.count {
            rebuild(keys, count: position + 1)
        } else {
            place(position, key: keys[position])
        }
    }

    /// Rebuilds the index for the first `count` keys (all of them by default); empty when `count` is 0.
    mutating func rebuild(_ keys: [String], count: Int? = nil) {
        let count = count ?? keys.count
        var capacity = 16
        while capacity < count * 2 { capacity *= 2 }
        // Release the old table before making the new one, so that growing never holds both.
        slots = []
        slots = Array(repeating: 0, count: capacity)
        for position in 0..<count { place(position, key: keys[position]) }
    }

    /// Indexes `keys[0..<keys.count]` in one pass, hashing each key once; `false` (and the index left partial) as
    /// soon as a key repeats an earlier one by its UTF-8 bytes.
    mutating func buildCheckingDistinct(_ keys: [String]) -> Bool {
        var capacity = 16
        while capacity < keys.count * 2 { capacity *= 2 }
        slots = Array(repeating: 0, count: capacity)
        let mask = capacity - 1
        for position in keys.indices {
            let key = keys[position]
            var slot = Self.hash(key) & mask
            while slots[slot] != 0 {
                if ByteExactKey.equal(keys[Int(slots[slot]) - 1], key) { return false }
                slot = (slot + 1) & mask
            }
            slots[slot] = UInt32(truncatingIfNeeded: position + 1)
        }
        return true
    }

    /// Whether the index holds nothing (not built, or built for no keys).
    var isEmpty: Bool { slots.isEmpty }

    /// Removes every slot.
    mutating func removeAll() { slots = [] }

    private mutating func place(_ position: Int, key: String) {
        let mask = slots.count - 1
        var slot = Self.hash(key) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        // A dictionary can never hold 2^32 keys in memory (each costs dozens of bytes), so the position fits.
        slots[slot] = UInt32(truncatingIfNeeded: position + 1)
    }

    private static func hash(_ key: String) -> Int {
        var hasher = Hasher()
        ByteExactKey(key).hash(into: &hasher)
        return hasher.finalize()
    }
}
