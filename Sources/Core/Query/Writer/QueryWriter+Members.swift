/// Dictionary members: their names, their order (sorted by key, or as they came) and repeated keys.
extension QueryWriter where Output: ~Copyable {
    /// Names the next member of the innermost dictionary.
    mutating func key(_ key: String) {
        if bufferDepth > 0 { return updateSide { $0.buffer.key(key) } }
        if skipDepth > 0 { return }
        nameMember(key)
    }

    /// A dictionary member whose value is a string: ``key(_:)`` then ``string(_:)``.
    mutating func member(_ key: String, string value: String) {
        // A member of a dictionary whose keys go into the name (W1, W2, E1): its name and pair; its range kept
        // only when the dictionary's members may move (an `Encodable` value's).
        if bufferDepth | skipDepth == 0, let index = levels.lastIndex, levels[index].kind == .keyed {
            levels[index].count &+= 1
            if levels[index].tracksMembers {
                nameKeptMember(key, index)
            } else {
                nameUntrackedMember(key, index)
            }
            return output.appendPair(text: value)
        }
        if bufferDepth > 0 {
            return updateSide {
                $0.buffer.key(key)
                $0.buffer.string(value)
            }
        }
        if skipDepth > 0 { return }
        nameMember(key)
        // Text is a pair of its own under the member's name in every style but a delimited dictionary's.
        if let index = levels.lastIndex, levels[index].kind == .keyed || levels[index].kind == .exploded {
            return output.appendPair(text: value)
        }
        string(value)
    }

    /// The leading string members of a tree's dictionary; named and written in one loop when the dictionary's
    /// members are written as they come (W1: no call a member, its checks made once).
    mutating func members(_ run: StringMemberRun) -> Int {
        let writesAsTheyCome =
            bufferDepth | skipDepth == 0 && levels.count > 0 && levels[levels.count &- 1].kind == .keyed
            && !levels[levels.count &- 1].tracksMembers
        var position = 0
        while let text = run.text(at: position) {
            if writesAsTheyCome {
                nameUntrackedMember(run.key(at: position), levels.count &- 1)
                output.appendPair(text: text)
            } else {
                member(run.key(at: position), string: text)
            }
            position &+= 1
        }
        if writesAsTheyCome { levels[levels.count &- 1].count &+= position }
        return position
    }

    /// Starts a member of the innermost dictionary: its name, and where its output starts.
    @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    private mutating func nameMember(_ key: String) {
        // A key comes only inside a dictionary.
        guard let index = levels.lastIndex else { return }
        levels[index].count &+= 1
        guard levels[index].kind == .keyed else { return nameOtherMember(key, index) }
        if levels[index].tracksMembers {
            nameKeptMember(key, index)
        } else {
            nameUntrackedMember(key, index)
        }
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

    /// Starts a member of a delimited or exploded dictionary, or of a nested exploded one (refused).
    private mutating func nameOtherMember(_ key: String, _ index: Int) {
        switch levels[index].kind {
        case .delimitedKeyed:
            var sortKey = UTF8Order.SortKey(key)
            let spelled = spelling(of: key, sortKey: &sortKey, at: index)
            updateSide { $0.delimitedMembers.append(DelimitedMember(key: spelled, sortKey: sortKey)) }
        case .refusedExploded:
            if levels[index].count == 1 {
                record(
                    SerializationError(
                        .unsupportedValue,
                        "An exploded dictionary must be a parameter's own value, not nested, at '\(nameText)'"))
            }
        default:
            // An exploded dictionary's member (keyed ones do not come here).
            nameKeptMember(key, index)
        }
    }

    /// Starts a member whose range is kept until its dictionary ends (a dictionary whose members may move, an
    /// exploded dictionary): its name, and where its output starts.
    private mutating func nameKeptMember(_ key: String, _ index: Int) {
        let isExploded = levels[index].kind == .exploded
        output.truncateName(to: isExploded ? 0 : levels[index].nameBase)
        let isNested = !isExploded && levels[index].depth > 0
        let isDotted = style.nesting == .dotted
        if isNested { output.appendToName(ascii: UInt8(ascii: isDotted ? "." : "[")) }
        let keyStart = output.nameLength
        var sortKey = output.appendKeyToName(key)
        // One compare a member below the threshold: small dictionaries (every struct) keep their members as they are.
        if index == 0, members.count == InOrderMembers.threshold || keepsInOrderMembers,
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

    /// Keeps the top-level dictionary's newest member in ``SideState/inOrderMembers`` when its members have come in order:
    /// at ``InOrderMembers/threshold`` members, moves them there if so; past it, keeps the new one there when it
    /// comes after the last one, or else moves them all back to ``members`` (and the caller keeps the new one there).
    /// - Returns: Whether the member is kept in ``SideState/inOrderMembers``.
    @inline(never)  // Out of the per-member path that every struct takes: E1-W1 27,219 → 26,378 instructions a call.
    private mutating func keepInOrder(_ key: String, isASCII: Bool) -> Bool {
        if !keepsInOrderMembers {
            guard keysComeSorted else { return false }
            keepSortedMembersAsBytes()
            guard keepsInOrderMembers else { return false }
        }
        let start = output.position
        if updateSide({ $0.inOrderMembers.append(key, isASCII: isASCII, start: start) }) { return true }
        trackInOrderMembers()
        return false
    }

    /// At ``InOrderMembers/threshold`` members of the top-level dictionary, moves them to ``SideState/inOrderMembers`` when
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
        let kept = members.elements
        updateSide {
            $0.inOrderMembers.activate()
            for member in kept { _ = $0.inOrderMembers.append(member.key, isASCII: true, start: member.start) }
        }
        members.removeLast(downTo: 0)
    }

    /// Moves the top-level dictionary's members out of ``SideState/inOrderMembers`` into ``members`` (which holds nothing of
    /// the top level while they are kept there), when a key is out of order or not ASCII, or an error is kept.
    mutating func trackInOrderMembers() {
        guard let inOrderMembers = side?.inOrderMembers else { return }
        let count = inOrderMembers.count
        // Open dictionaries inside the top level have no member yet (``members`` is empty): their members now
        // start after the top level's.
        for index in 0..<levels.count where index > 0 {
            if levels[index].kind == .keyed || levels[index].kind == .exploded { levels[index].memberBase += count }
        }
        inOrderMembers.forEachMember { key, start in
            members.append(Member(key: key, start: start, sortKey: UTF8Order.SortKey(key)))
        }
        updateSide { $0.inOrderMembers.deactivate() }
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
                for member in (side?.delimitedMembers ?? [])[base...] where firstSpellings[member.key] == nil {
                    firstSpellings[member.key] = member.key
                }
            } else {
                for position in base..<members.count where firstSpellings[members[position].key] == nil {
                    firstSpellings[members[position].key] = members[position].key
                }
            }
            levels[index].spellingIndex = updateSide {
                $0.spellings.append(firstSpellings)
                return $0.spellings.count - 1
            }
        }
        let slot = levels[index].spellingIndex
        let first = updateSide { side -> String? in
            if let first = side.spellings[slot][key] { return first }
            side.spellings[slot][key] = key
            return nil
        }
        guard let first else { return key }
        if !ByteExactKey.equal(first, key) { sortKey = UTF8Order.SortKey(first) }
        return first
    }

    /// Puts the members of a dictionary that ends in key order (a repeated key once, with its last value), and
    /// keeps the first error in that order.
    mutating func endMembers(of level: Level) {
        let base = level.memberBase
        let count = members.count - base
        guard count > 0 else { return }
        let end = output.position
        // The errors of this dictionary's members are the last ones kept.
        let errors = memberErrors
        let errorBase = errors.firstIndex { $0.member >= base } ?? errors.count
        // Read in place while the output is rewritten; the members do not change until the order is used.
        let members = self.members.elements
        let start = members[base].start
        let firstError = UTF8Order.withMemberOrder(
            count: count, sorted: level.sortsKeys, sortKey: { members[base + $0].sortKey },
            key: { members[base + $0].key }, mergesRepeatedKeys: level.mergesRepeatedKeys
        ) { order -> SerializationError? in
            guard let order else {
                return errorBase < errors.count ? errors[errorBase].error : nil
            }
            output.reorder(count: order.count, from: start) { index in
                let position = base + order[index].value
                return members[position].start..<(position + 1 < members.count ? members[position + 1].start : end)
            }
            guard errorBase < errors.count else { return nil }
            for entry in order {
                if let error = errors[errorBase...].first(where: { $0.member == base + entry.value })?.error {
                    return error
                }
            }
            return nil
        }
        if errorBase < errors.count { updateSide { $0.memberErrors.removeSubrange(errorBase...) } }
        self.members.removeLast(downTo: base)
        if let firstError { record(firstError) }
    }

    /// Writes a delimited dictionary that ends: one pair whose value is its keys and values, alternating, in key
    /// order (OpenAPI `form` with `explode: false`, `spaceDelimited`, `pipeDelimited`): `color=R,100,G,200`.
    mutating func endDelimitedDictionary(_ level: Level) {
        let base = level.memberBase
        // Only a delimited dictionary's members come here, and they are in the side state.
        let delimitedMembers = updateSide {
            let members = $0.delimitedMembers[base...]
            $0.delimitedMembers.removeSubrange(base...)
            return members
        }
        let count = delimitedMembers.count
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
        if let firstError { return record(firstError) }
        output.appendPair(list: items[...], delimiter: level.delimiter)
    }
}
