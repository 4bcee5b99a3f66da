/// Dictionary members: their names, their order (sorted by key, or as they came) and repeated keys.
extension QueryWriter where Output: ~Copyable {
    /// Names the next member of the innermost dictionary.
    mutating func key(_ key: String) {
        if bufferDepth > 0 { return buffer.key(key) }
        if skipDepth > 0 { return }
        nameMember(key)
    }

    /// A dictionary member whose value is a string: ``key(_:)`` then ``string(_:)``.
    mutating func member(_ key: String, string value: String) {
        // A tree's member in a dictionary whose keys go into the name (W1, W2): its name and pair, nothing kept.
        if bufferDepth | skipDepth == 0, let index = levels.lastIndex, levels[index].kind == .keyed,
            !levels[index].tracksMembers
        {
            levels[index].count &+= 1
            nameUntrackedMember(key, index)
            return output.appendPair(text: value)
        }
        if bufferDepth > 0 {
            buffer.key(key)
            return buffer.string(value)
        }
        if skipDepth > 0 { return }
        nameMember(key)
        // Text is a pair of its own under the member's name in every style but a delimited dictionary's.
        if let index = levels.lastIndex, levels[index].kind == .keyed || levels[index].kind == .exploded {
            return output.appendPair(text: value)
        }
        string(value)
    }

    /// Starts a member of the innermost dictionary: its name, and where its output starts.
    @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    private mutating func nameMember(_ key: String) {
        // A key comes only inside a dictionary.
        guard let index = levels.lastIndex else { return }
        levels[index].count &+= 1
        guard levels[index].kind == .keyed, !levels[index].tracksMembers else { return nameTrackedMember(key, index) }
        nameUntrackedMember(key, index)
    }

    /// Names a member of a dictionary whose distinct keys come in the order they are written in: only the name.
    @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    private mutating func nameUntrackedMember(_ key: String, _ index: Int) {
        output.truncateName(to: levels[index].nameBase)
        if levels[index].depth == 0 {
            output.appendToName(key)
        } else if style.nesting == .dotted {
            output.appendToName(ascii: UInt8(ascii: "."))
            output.appendToName(key)
        } else {
            output.appendToName(ascii: UInt8(ascii: "["))
            output.appendToName(key)
            output.appendToName(ascii: UInt8(ascii: "]"))
        }
    }

    /// Starts a member whose range or text is kept until its dictionary ends.
    private mutating func nameTrackedMember(_ key: String, _ index: Int) {
        switch levels[index].kind {
        case .delimitedKeyed:
            var sortKey = UTF8Order.SortKey(key)
            let spelled = spelling(of: key, sortKey: &sortKey, at: index)
            delimitedMembers.append(DelimitedMember(key: spelled, sortKey: sortKey))
            return
        case .refusedExploded:
            if levels[index].count == 1 {
                record(
                    SerializationError(
                        .unsupportedValue,
                        "An exploded dictionary must be a parameter's own value, not nested, at '\(nameText)'"))
            }
            return
        case .exploded:
            output.truncateName(to: 0)
        default:
            output.truncateName(to: levels[index].nameBase)
        }
        let isNested = levels[index].kind == .keyed && levels[index].depth > 0
        let isDotted = style.nesting == .dotted
        if isNested { output.appendToName(ascii: UInt8(ascii: isDotted ? "." : "[")) }
        let keyStart = output.nameLength
        var sortKey = output.appendKeyToName(key)
        // One compare a member below the threshold: small dictionaries (every struct) keep their members as they are.
        if index == 0, members.count == InOrderMembers.threshold || inOrderMembers.isActive,
            keepInOrder(key, isASCII: sortKey.isASCII)
        {
            return
        }
        var spelled = key
        if levels[index].mergesRepeatedKeys, !sortKey.isASCII || levels[index].spellingIndex >= 0 {
            spelled = spelling(of: key, sortKey: &sortKey, at: index)
            if !ByteExactKey.equal(spelled, key) {
                output.truncateName(to: keyStart)
                sortKey = output.appendKeyToName(spelled)
            }
        }
        if isNested, !isDotted { output.appendToName(ascii: UInt8(ascii: "]")) }
        members.append(Member(key: spelled, start: output.position, sortKey: sortKey))
    }

    /// Keeps the top-level dictionary's newest member in ``inOrderMembers`` when its members have come in order:
    /// at ``InOrderMembers/threshold`` members, moves them there if so; past it, keeps the new one there when it
    /// comes after the last one, or else moves them all back to ``members`` (and the caller keeps the new one there).
    /// - Returns: Whether the member is kept in ``inOrderMembers``.
    @inline(never)  // Out of the per-member path that every struct takes: E1-W1 27,219 → 26,378 instructions a call.
    private mutating func keepInOrder(_ key: String, isASCII: Bool) -> Bool {
        if !inOrderMembers.isActive {
            guard keysComeSorted else { return false }
            keepSortedMembersAsBytes()
            guard inOrderMembers.isActive else { return false }
        }
        if inOrderMembers.append(key, isASCII: isASCII, start: output.position) { return true }
        trackInOrderMembers()
        return false
    }

    /// At ``InOrderMembers/threshold`` members of the top-level dictionary, moves them to ``inOrderMembers`` when
    /// they have come strictly in order with ASCII keys and without errors; otherwise they stay (and are sorted as
    /// always).
    private mutating func keepSortedMembersAsBytes() {
        keysComeSorted = false
        // Only the top level is open (``members`` holds its members alone); errors stay with members.
        guard memberErrors.isEmpty, members[0].sortKey.isASCII else { return }
        for position in 1..<members.count {
            guard members[position].sortKey.isASCII,
                UTF8Order.precedes(members[position - 1].key, members[position].key)
            else { return }
        }
        inOrderMembers.activate()
        for position in 0..<members.count {
            _ = inOrderMembers.append(members[position].key, isASCII: true, start: members[position].start)
        }
        members.removeLast(downTo: 0)
    }

    /// Moves the top-level dictionary's members out of ``inOrderMembers`` into ``members`` (which holds nothing of
    /// the top level while they are kept there), when a key is out of order or not ASCII, or an error is kept.
    mutating func trackInOrderMembers() {
        let count = inOrderMembers.count
        // Open dictionaries inside the top level have no member yet (``members`` is empty): their members now
        // start after the top level's.
        for index in 0..<levels.count where index > 0 {
            if levels[index].kind == .keyed || levels[index].kind == .exploded { levels[index].memberBase += count }
        }
        for index in 0..<count {
            let (key, start) = inOrderMembers.member(at: index)
            members.append(Member(key: key, start: start, sortKey: UTF8Order.SortKey(key)))
        }
        inOrderMembers.deactivate()
    }

    /// The first spelling of a key in the dictionary at `index`: the key itself, or an earlier key of the same
    /// dictionary that is an equal `String` with other bytes (`"é"`, `"e\u{301}"`); `sortKey` becomes the spelling's.
    private mutating func spelling(of key: String, sortKey: inout UTF8Order.SortKey, at index: Int) -> String {
        guard levels[index].mergesRepeatedKeys else { return key }
        if levels[index].spellingIndex < 0 {
            // Keys that are all ASCII are equal only when their bytes are.
            guard !sortKey.isASCII else { return key }
            var firstSpellings: [String: String] = [:]
            let base = levels[index].memberBase
            if levels[index].kind == .delimitedKeyed {
                for member in delimitedMembers[base...] where firstSpellings[member.key] == nil {
                    firstSpellings[member.key] = member.key
                }
            } else {
                for position in base..<members.count where firstSpellings[members[position].key] == nil {
                    firstSpellings[members[position].key] = members[position].key
                }
            }
            levels[index].spellingIndex = spellings.count
            spellings.append(firstSpellings)
        }
        let slot = levels[index].spellingIndex
        if let first = spellings[slot][key] {
            if !ByteExactKey.equal(first, key) { sortKey = UTF8Order.SortKey(first) }
            return first
        }
        spellings[slot][key] = key
        return key
    }

    /// Puts the members of a dictionary that ends in key order (a repeated key once, with its last value), and
    /// keeps the first error in that order.
    mutating func endMembers(of level: Level) {
        let base = level.memberBase
        let count = members.count - base
        guard count > 0 else { return }
        let end = output.position
        // The errors of this dictionary's members are the last ones kept.
        let errorBase = memberErrors.firstIndex { $0.member >= base } ?? memberErrors.count
        // Read in place while the output is rewritten; the members do not change until the order is used.
        let members = self.members.elements
        let start = members[base].start
        let firstError = UTF8Order.withMemberOrder(
            count: count, sorted: level.sortsKeys, sortKey: { members[base + $0].sortKey },
            key: { members[base + $0].key }, mergesRepeatedKeys: level.mergesRepeatedKeys
        ) { order -> SerializationError? in
            guard let order else {
                return errorBase < memberErrors.count ? memberErrors[errorBase].error : nil
            }
            output.reorder(count: order.count, from: start) { index in
                let position = base + order[index].value
                return members[position].start..<(position + 1 < members.count ? members[position + 1].start : end)
            }
            guard errorBase < memberErrors.count else { return nil }
            for entry in order {
                if let error = memberErrors[errorBase...].first(where: { $0.member == base + entry.value })?.error {
                    return error
                }
            }
            return nil
        }
        if errorBase < memberErrors.count { memberErrors.removeSubrange(errorBase...) }
        self.members.removeLast(downTo: base)
        if let firstError { record(firstError) }
    }

    /// Writes a delimited dictionary that ends: one pair whose value is its keys and values, alternating, in key
    /// order (OpenAPI `form` with `explode: false`, `spaceDelimited`, `pipeDelimited`): `color=R,100,G,200`.
    mutating func endDelimitedDictionary(_ level: Level) {
        let base = level.memberBase
        let count = delimitedMembers.count - base
        var items: [String] = []
        items.reserveCapacity(count * 2)
        var firstError: SerializationError?
        UTF8Order.withMemberOrder(
            count: count, sorted: level.sortsKeys, sortKey: { delimitedMembers[base + $0].sortKey },
            key: { delimitedMembers[base + $0].key }, mergesRepeatedKeys: level.mergesRepeatedKeys
        ) { order in
            for position in 0..<(order?.count ?? count) {
                let member = delimitedMembers[base + (order?[position].value ?? position)]
                if let error = member.error {
                    firstError = error
                    return
                }
                items.append(member.key)
                items.append(member.text)
            }
        }
        delimitedMembers.removeSubrange(base...)
        if let firstError { return record(firstError) }
        output.appendPair(list: items[...], delimiter: level.delimiter)
    }
}
