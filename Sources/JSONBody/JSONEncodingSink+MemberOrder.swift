import Wireform

/// The order of an object's members: which keys are the same depends on the flavor.
extension JSONEncodingSink {
    /// Sets ``order`` to the order to write the members of the object that ends, when it is not the order they
    /// came in.
    ///
    /// A key that comes again keeps its first position and takes its last value. In ``Flavor/jsonEncoder``
    /// keys are the same when they are equal `String`s (canonically equivalent), as in `JSONEncoder`; in
    /// ``Flavor/wireform`` when they have the same UTF-8 bytes, as in a ``Wireform/ParameterDictionary`` (`"é"` and
    /// `"e\u{301}"` are two keys). For ASCII keys the two are the same.
    /// - Parameters:
    ///   - level: The object, just closed; its members are the last ones.
    ///   - sorted: Whether to sort the members by their keys' UTF-8 bytes.
    /// - Returns: `false` when the members are written as they came.
    mutating func memberOrder(of level: Level, sorted: Bool) -> Bool {
        let base = level.memberBase
        if flavor == .wireform, level.hasNonASCIIKey {
            return byteExactMemberOrder(keys: members[base...].map(\.key), sorted: sorted)
        }
        return UTF8Order.memberOrder(
            count: members.count - base, sorted: sorted, into: &order,
            sortKey: { members[base + $0].sortKey }, key: { members[base + $0].key })
    }

    /// The order when keys are the same only with the same bytes: sorted by bytes, each run of equal keys is one
    /// member, at its first position with its last value.
    private mutating func byteExactMemberOrder(keys: [String], sorted: Bool) -> Bool {
        let byBytes = UTF8Order.sortedIndices(of: keys)
        var entries: [(value: Int, key: Int)] = []
        var runStart = 0
        while runStart < byBytes.count {
            var first = byBytes[runStart]
            var last = first
            var runEnd = runStart + 1
            while runEnd < byBytes.count, keys[byBytes[runEnd]].utf8.elementsEqual(keys[first].utf8) {
                first = min(first, byBytes[runEnd])
                last = max(last, byBytes[runEnd])
                runEnd += 1
            }
            entries.append((value: last, key: first))
            runStart = runEnd
        }
        if !sorted { entries.sort { $0.key < $1.key } }
        if entries.count == keys.count, entries.indices.allSatisfy({ entries[$0].key == $0 }) { return false }
        order = entries
        return true
    }
}
