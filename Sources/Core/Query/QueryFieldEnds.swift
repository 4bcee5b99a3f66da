/// Where each field's name and value end in the bytes of ``QueryFields``: two offsets a field, 4 bytes each.
///
/// The offsets only grow, and may pass 4 GiB: an entry keeps its offset's low 32 bits, and ``crossings`` lists, for
/// each multiple of 2^32 the offsets reach, the index of the first entry at or past it (bytes under 4 GiB have none).
/// An offset is its low bits plus 2^32 for each crossing at or before its entry.
// Inlinable with its storage, like the reads of ``QueryFields``: a multipart body reads two offsets per field.
@usableFromInline
struct QueryFieldEnds: Sendable {
    /// Each offset's low bits.
    @usableFromInline private(set) var low: [UInt32] = []
    /// For each multiple of the span of ``low``'s bits that the offsets reach, the first entry at or past it, in order.
    @usableFromInline private(set) var crossings: [Int] = []
    /// How many low bits an entry keeps: 32, fewer in tests, so that they cross without gigabytes of bytes.
    @usableFromInline let lowBits: Int

    /// No offsets yet.
    /// - Parameter lowBits: The low bits an entry keeps, 1 through 32.
    init(lowBits: Int = 32) {
        // Internal invariant: the store picks its bit width itself (32, or fewer in tests); no user input reaches it.
        precondition((1...32).contains(lowBits), "An entry keeps 1 to 32 low bits, not \(lowBits)")
        self.lowBits = lowBits
    }

    /// The number of offsets.
    @inlinable var count: Int { low.count }

    /// Offset `index`.
    @inlinable subscript(index: Int) -> Int {
        let offset = Int(low[index])
        if crossings.isEmpty { return offset }
        // The number of crossings at or before `index`: they are in order, so a binary search finds it.
        var lower = 0
        var upper = crossings.count
        while lower < upper {
            let middle = (lower + upper) / 2
            if crossings[middle] <= index { lower = middle + 1 } else { upper = middle }
        }
        return offset + (lower << lowBits)
    }

    /// Appends an offset, at least the last one.
    mutating func append(_ offset: Int) {
        while crossings.count < offset >> lowBits { crossings.append(low.count) }
        low.append(UInt32(truncatingIfNeeded: offset & ((1 << lowBits) - 1)))
    }

    /// Drops the offsets from `index` on.
    mutating func removeAll(from index: Int) {
        low.removeSubrange(index...)
        while let last = crossings.last, last >= index { crossings.removeLast() }
    }
}
