#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The members of a large top-level `--params` object, without their values: each key's UTF-8 bytes, packed one
/// after another, and the offset in the input where its value starts.
///
/// 8 bytes a member plus the key's bytes (offsets are 32-bit: the text is under 4 GiB), where a parsed member costs a
/// `String` for the key, one for a string value and the tree's slots (about 280 bytes a member for 96-byte members).
/// See ``LargeParameters``.
struct TopLevelMembers: Sendable {
    /// The keys' UTF-8 bytes, in input order.
    private(set) var keyText: [UInt8] = []
    /// Where each key ends in ``keyText``; it starts where the previous one ends.
    private(set) var keyEnds: [UInt32] = []
    /// Where each value starts in the input.
    private(set) var valueOffsets: [UInt32] = []

    /// The largest input whose offsets fit.
    static let maximumTextSize = Int(UInt32.max)

    /// The members' positions with their keys in UTF-8 byte order, the order Wireform sorts dictionary keys in
    /// (set by ``sortKeys()``).
    private(set) var sortedOrder: [UInt32] = []

    /// The number of members.
    var count: Int { keyEnds.count }

    /// Adds a member of a text of at most ``maximumTextSize`` bytes.
    mutating func append(key: String, valueOffset: Int) {
        keyText.append(contentsOf: key.utf8)
        // Keys are never longer than their JSON, and the text is at most `maximumTextSize` bytes.
        keyEnds.append(UInt32(truncatingIfNeeded: keyText.count))
        valueOffsets.append(UInt32(truncatingIfNeeded: valueOffset))
    }

    /// Where member `index`'s value starts in the input.
    func valueOffset(_ index: Int) -> Int { Int(valueOffsets[index]) }

    /// The bytes of member `index`'s key in ``keyText``.
    func keyRange(_ index: Int) -> Range<Int> { (index == 0 ? 0 : Int(keyEnds[index - 1]))..<Int(keyEnds[index]) }

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
            if common > 0, let base = text.baseAddress {
                let order = memcmp(base + left.lowerBound, base + right.lowerBound, common)
                if order != 0 { return Int(order) }
            }
            return left.count - right.count
        }
    }

    /// Sorts the keys into ``sortedOrder``.
    /// - Returns: `false` when two members have the same key.
    mutating func sortKeys() -> Bool {
        var order = (0..<count).map { UInt32(truncatingIfNeeded: $0) }
        order.sort { keyPrecedes(Int($0), Int($1)) }
        for position in order.indices.dropFirst() where keysEqual(Int(order[position - 1]), Int(order[position])) {
            return false
        }
        sortedOrder = order
        return true
    }
}
