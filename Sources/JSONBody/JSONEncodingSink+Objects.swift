import Wireform

/// Objects: members written as they arrive, put in order when the object ends.
extension JSONEncodingSink {
    /// Starts an object; `sortsKeys` for a Swift `Dictionary`, whose keys are sorted whatever the options.
    mutating func beginKeyed(sortsKeys: Bool) {
        beginContainer(isKeyed: true, sortsKeys: sortsKeys, bracket: UInt8(ascii: "{"))
    }

    /// The key of the next member: the comma after the member before, then the key and the colon.
    mutating func key(_ key: String) {
        let index = levels.count - 1
        if levels[index].count > 0 {
            // A member kept in ``inOrderMembers`` ends where the next one starts, less this comma.
            if !members.isEmpty { members[members.count - 1].end = bytes.count }
            bytes.append(UInt8(ascii: ","))
        }
        levels[index].count &+= 1
        let start = bytes.count
        newline()
        appendString(key)
        if isPretty {
            bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            bytes.append(UInt8(ascii: ":"))
        }
        let sortKey = UTF8Order.SortKey(key)
        if !sortKey.isASCII { levels[index].hasNonASCIIKey = true }
        // One compare a member below the threshold: small objects (every struct) keep their members as they are.
        if index == 0, members.count == SortedMemberRun.threshold || inOrderMembers.isActive,
            keepInOrder(key, isASCII: sortKey.isASCII, start: start)
        {
            return
        }
        members.append(Member(key: key, sortKey: sortKey, start: start, valueStart: bytes.count))
    }

    /// Keeps the top-level object's newest member in ``inOrderMembers`` when its members have come in order: at
    /// ``Wireform/SortedMemberRun/threshold`` members, moves them there if so; past it, keeps the new one there when it
    /// comes after the last one, or else moves them all back to ``members`` (and the caller keeps the new one there).
    /// - Returns: Whether the member is kept in ``inOrderMembers``.
    @inline(never)  // The rare path kept out of the per-key one, as in the query writer (E1-W1 −840 instructions).
    private mutating func keepInOrder(_ key: String, isASCII: Bool, start: Int) -> Bool {
        if !inOrderMembers.isActive {
            guard members.count == SortedMemberRun.threshold, levels.count == 1, keysCameSorted() else {
                return false
            }
            // `"` (compact), or a newline, two spaces and `"` (pretty printed); then `":` or `" : `.
            inOrderMembers.activate(keyOffset: isPretty ? 4 : 1, valueOffset: isPretty ? 4 : 2)
            for member in members
            where !inOrderMembers.append(
                member.key, isASCII: true, start: member.start, valueStart: member.valueStart, output: bytes)
            {
                // A key written escaped: the members stay as they are.
                inOrderMembers.deactivate()
                return false
            }
            members.removeAll()
        }
        if inOrderMembers.append(key, isASCII: isASCII, start: start, valueStart: bytes.count, output: bytes) {
            return true
        }
        trackInOrderMembers(end: start - 1)
        return false
    }

    /// Whether the members so far (the top-level object's alone) have ASCII keys in strictly ascending byte order.
    private func keysCameSorted() -> Bool {
        guard recordedFailure == nil, members[0].sortKey.isASCII else { return false }
        for position in 1..<members.count {
            guard members[position].sortKey.isASCII,
                UTF8Order.precedes(members[position - 1].key, members[position].key)
            else { return false }
        }
        return true
    }

    /// Moves the top-level object's members out of ``inOrderMembers`` into ``members``; `end` is where the last one
    /// ends, `nil` while it is still being written.
    mutating func trackInOrderMembers(end: Int?) {
        let count = inOrderMembers.count
        // Containers open inside the top level have no member of the top level before theirs: theirs now start later.
        for index in levels.indices.dropFirst() { levels[index].memberBase += count }
        var moved: [Member] = []
        moved.reserveCapacity(count + members.count)
        for index in 0..<count {
            let memberEnd = index + 1 < count ? inOrderMembers.start(at: index + 1) - 1 : (end ?? 0)
            let (key, start, valueStart) = inOrderMembers.member(at: index, output: bytes)
            moved.append(
                Member(
                    key: key, sortKey: UTF8Order.SortKey(key), start: start, valueStart: valueStart, end: memberEnd))
        }
        moved.append(contentsOf: members)
        members = moved
        inOrderMembers.deactivate()
    }

    /// Ends an object: its members put in the order to write, when they came in another.
    mutating func endKeyed() {
        let level = levels.removeLast()
        // Members still kept as they came are distinct and in key order already: nothing moves.
        if levels.isEmpty, inOrderMembers.isActive { inOrderMembers.deactivate() }
        let base = level.memberBase
        if members.count > base {
            members[members.count - 1].end = bytes.count
            if memberOrder(of: level, sorted: sortsKeys || level.sortsKeys) { reorder(base: base) }
            members.removeSubrange(base...)
        }
        close(UInt8(ascii: "}"), count: level.count)
    }

    /// Writes an object's members again in a new order, with commas between them; a member whose key came again
    /// is written with its first key and its last value.
    private mutating func reorder(base: Int) {
        let start = members[base].start
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: bytes[start...])
        bytes.removeSubrange(start...)
        for (position, entry) in order.enumerated() {
            if position > 0 { bytes.append(UInt8(ascii: ",")) }
            let member = members[base + entry.value]
            if entry.key == entry.value {
                bytes.append(contentsOf: scratch[(member.start - start)..<(member.end - start)])
            } else {
                let keyMember = members[base + entry.key]
                bytes.append(contentsOf: scratch[(keyMember.start - start)..<(keyMember.valueStart - start)])
                bytes.append(contentsOf: scratch[(member.valueStart - start)..<(member.end - start)])
            }
        }
    }
}
