/// The container events: where a dictionary or an array goes, by the style's nesting, array and set encodings.
extension QueryWriter where Output: ~Copyable {
    /// Starts a dictionary whose keys may repeat (an `Encodable` value, JSON text).
    mutating func beginKeyed(sortsKeys: Bool) {
        if bufferDepth > 0 {
            bufferDepth += 1
            return updateSide { $0.buffer.beginKeyed(sortsKeys: sortsKeys) }
        }
        beginDictionary(sortsKeys: sortsKeys, distinctKeysIn: nil)
    }

    /// Starts a dictionary whose keys are distinct byte strings (a tree), sent in `ordering`.
    mutating func beginKeyed(distinctKeysIn ordering: KeyOrdering) {
        if bufferDepth > 0 {
            bufferDepth += 1
            return updateSide { $0.buffer.beginKeyed(distinctKeysIn: ordering) }
        }
        beginDictionary(sortsKeys: false, distinctKeysIn: ordering)
    }

    /// Starts a dictionary; `ordering` is the order of its distinct keys, `nil` when keys may repeat.
    private mutating func beginDictionary(sortsKeys: Bool, distinctKeysIn ordering: KeyOrdering?) {
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let sorts = sortsKeys || style.keyOrdering == .sorted
        var level = Level(kind: .keyed, nameBase: output.nameLength, memberBase: members.count, depth: 0)
        level.sortsKeys = sorts
        level.mergesRepeatedKeys = ordering == nil
        // Distinct keys sent in the order they are written in need no ranges.
        level.tracksMembers = ordering == nil || (sorts && ordering != .sorted)
        guard let parent = levels.lastIndex else {
            // Sorted members are watched; past a few hundred still in order, they are kept as bytes.
            keysComeSorted = level.tracksMembers && sorts
            return levels.append(level)
        }
        guard enterContainerSlot(kind: "a dictionary") else {
            skipDepth = 1
            return
        }
        // The element's own name, when the slot named it.
        level.nameBase = output.nameLength
        level.depth = levels[parent].depth + 1
        guard level.depth < ParameterValue.maximumDepth else {
            record(tooDeep)
            skipDepth = 1
            return
        }
        switch style.nesting.base {
        case .brackets, .dotted:
            break
        case .exploded:
            guard levels[parent].depth == 0 else {
                level.kind = .refusedExploded
                return levels.append(level)
            }
            level.kind = .exploded
            level.memberBase = members.count
            level.tracksMembers = true
            let name = String(decoding: output.unescapedName(), as: UTF8.self)
            updateSide { $0.savedNames.append(name) }
        case .commaDelimited, .spaceDelimited, .pipeDelimited:
            level.kind = .delimitedKeyed
            level.memberBase = side?.delimitedMembers.count ?? 0
            level.delimiter = ListDelimiter(style.nesting.base)
        }
        levels.append(level)
    }

    /// Ends the innermost dictionary: its members in key order, or its delimited list, or its empty value.
    mutating func endKeyed() {
        if bufferDepth > 0 {
            updateSide { $0.buffer.endKeyed() }
            bufferDepth -= 1
            return
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        let level = levels.removeLast()
        // Members still kept as they came are in key order already: nothing moves.
        if levels.count == 0 {
            if keepsInOrderMembers { updateSide { $0.inOrderMembers.deactivate() } }
            keysComeSorted = false
        }
        if level.spellingIndex >= 0 { updateSide { _ = $0.spellings.removeLast() } }
        switch level.kind {
        case .delimitedKeyed:
            if level.count > 0 { return endDelimitedDictionary(level) }
        case .exploded:
            endMembers(of: level)
            output.truncateName(to: 0)
            output.appendToName(updateSide { $0.savedNames.removeLast() })
        default:
            if level.tracksMembers { endMembers(of: level) }
            output.truncateName(to: level.nameBase)
        }
        if level.count == 0, level.depth > 0 { writeEmpty() }
    }

    /// Starts an array, or a set (kept whole until it ends).
    mutating func beginUnkeyed(isSet: Bool) {
        if bufferDepth > 0 {
            bufferDepth += 1
            return updateSide { $0.buffer.beginUnkeyed(isSet: isSet) }
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        let kind = isSet ? "a set" : "an array"
        guard levels.count > 0 else {
            rejectTopLevel(kind)
            skipDepth = 1
            return
        }
        guard enterContainerSlot(kind: kind) else {
            skipDepth = 1
            return
        }
        if isSet {
            // Kept whole, then sent back sorted (`endSet`).
            bufferDepth = 1
            return updateSide {
                $0.buffer = ParameterTreeSink()
                $0.buffer.beginUnkeyed(isSet: true)
            }
        }
        beginSequence(isSet: false)
    }

    /// Starts an array, or a set's sorted members, in a slot already entered.
    private mutating func beginSequence(isSet: Bool) {
        // Only called inside a container (`beginUnkeyed` rejects one at the top level).
        guard let parent = levels.last else { return }
        var level = Level(kind: .brackets, nameBase: output.nameLength, memberBase: 0, depth: parent.depth + 1)
        level.isSet = isSet
        guard level.depth < ParameterValue.maximumDepth else {
            record(tooDeep)
            skipDepth = 1
            return
        }
        guard parent.depth == 0 || style.allowsNestedArrays else {
            record(
                SerializationError(
                    .unsupportedValue,
                    "This query style cannot write an array or set inside a dictionary, at '\(nameText)'"))
            skipDepth = 1
            return
        }
        switch isSet ? style.setCase : style.arrayCase {
        case .brackets:
            output.appendToName(ascii: UInt8(ascii: "["))
            output.appendToName(ascii: UInt8(ascii: "]"))
        case .indexed:
            level.kind = .indexed
        case .repeated:
            level.kind = .repeated
        case .commaDelimited:
            level.kind = .list
        case .spaceDelimited:
            level.kind = .list
            level.delimiter = .space
        case .pipeDelimited:
            level.kind = .list
            level.delimiter = .pipe
        case .custom:
            level.kind = .custom
            let name = String(decoding: output.unescapedName(), as: UTF8.self)
            level.memberBase = updateSide {
                $0.savedNames.append(name)
                return $0.savedNames.count - 1
            }
        }
        if level.kind == .list { level.memberBase = side?.listItems.count ?? 0 }
        levels.append(level)
    }

    /// Ends the innermost array (its delimited list, or its empty value), or the set being kept.
    mutating func endUnkeyed() {
        if bufferDepth > 0 {
            updateSide { $0.buffer.endUnkeyed() }
            bufferDepth -= 1
            if bufferDepth == 0 { endSet() }
            return
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        let level = levels.removeLast()
        switch level.kind {
        case .list:
            if level.count > 0 {
                let items = updateSide {
                    let items = $0.listItems[level.memberBase...]
                    $0.listItems.removeSubrange(level.memberBase...)
                    return items
                }
                output.appendPair(list: items, delimiter: level.delimiter)
            }
        case .custom:
            // Escaping is a function of the bytes, so the container's escaped name comes back as it was.
            output.truncateName(to: 0)
            output.appendToName(updateSide { $0.savedNames.removeLast() })
        default:
            output.truncateName(to: level.nameBase)
        }
        if level.count == 0 { writeEmpty() }
    }

    /// Writes a set kept whole: its members sorted by their text and written once each
    /// (``ParameterValue/canonicalSetMembers(_:)``), sent back into this writer as a sequence that
    /// ``StandardQueryStyle/sets`` names.
    private mutating func endSet() {
        let tree = updateSide {
            let tree = $0.buffer.result
            $0.buffer = ParameterTreeSink()
            return tree
        }
        guard case .set(let members) = tree else { return }
        beginSequence(isSet: true)
        guard skipDepth == 0 else {
            // Refused: its error is kept; nothing was sent.
            skipDepth = 0
            return
        }
        // The members sit inside the set's level and those around it: the walk stops where this writer refuses.
        let enclosingDepth = (levels.last?.depth ?? 0) + 1
        for member in ParameterValue.canonicalSetMembers(members) {
            // This writer keeps its errors instead of throwing them (its own, for a member nested too deep).
            try? member.sendEvents(to: &self, keyOrdering: style.keyOrdering, enclosingDepth: enclosingDepth)
        }
        endUnkeyed()
    }

    /// Enters the slot of a container value in the innermost container: names an array's element; `false` when the
    /// container cannot be written there (its error is kept) and is to be skipped.
    private mutating func enterContainerSlot(kind: String) -> Bool {
        // Only called inside a container.
        guard let index = levels.lastIndex else { return false }
        switch levels[index].kind {
        case .keyed:
            return true
        case .exploded:
            let key = members.last.map { SerializationError.quoted($0.key) } ?? "''"
            record(
                SerializationError(
                    .unsupportedValue,
                    "An exploded dictionary cannot hold \(kind), at '\(side?.savedNames.last ?? "")' key \(key)"))
            return false
        case .refusedExploded:
            return false
        case .delimitedKeyed:
            let last = (side?.delimitedMembers.count ?? 0) - 1
            if last >= levels[index].memberBase {
                let error = listError(kind, delimiter: levels[index].delimiter, key: side?.delimitedMembers[last].key)
                updateSide { $0.delimitedMembers[last].error = error }
            }
            return false
        case .list:
            levels[index].count &+= 1
            record(listError(kind, delimiter: levels[index].delimiter, key: nil))
            return false
        case .repeated:
            levels[index].count &+= 1
            // `k=a&k=b` has no place for an element's own structure: `[{"b": 1}]` would come out as `k[b]=1`,
            // indistinguishable from `{"b": 1}`. Refuse rather than lose the array.
            record(
                SerializationError(
                    .unsupportedValue,
                    "Repeated keys cannot express \(kind) inside an array or set, at '\(nameText)'"))
            return false
        case .brackets, .indexed, .custom:
            nameElement(index)
            return true
        }
    }

    /// Counts an element of the array at `index` and names it, when its encoding names each element.
    @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    mutating func nameElement(_ index: Int) {
        let position = levels[index].count
        levels[index].count = position &+ 1
        switch levels[index].kind {
        case .indexed:
            output.truncateName(to: levels[index].nameBase)
            output.appendToName(ascii: UInt8(ascii: "["))
            output.appendIndexToName(UInt64(position))
            output.appendToName(ascii: UInt8(ascii: "]"))
        case .custom:
            nameCustomElement(index, position: position)
        default:
            break
        }
    }

    /// Names an element by a ``StandardQueryStyle/ArrayEncoding/custom(_:)`` closure, given the array's unescaped
    /// name and the element's position.
    private mutating func nameCustomElement(_ index: Int, position: Int) {
        let namer = levels[index].isSet ? style.customEncodings?.sets : style.customEncodings?.arrays
        let name = namer?.name(side?.savedNames[levels[index].memberBase] ?? "", position) ?? ""
        output.truncateName(to: 0)
        output.appendToName(name)
    }

    /// Writes an empty container as ``StandardQueryStyle/emptyContainers`` says.
    mutating func writeEmpty() {
        if style.emptyContainers == .emptyValue { output.appendPair(text: "") }
    }
}

extension ListDelimiter {
    /// The delimiter of a delimited nesting encoding.
    init(_ nesting: StandardQueryStyle.NestingEncoding.Base) {
        switch nesting {
        case .spaceDelimited: self = .space
        case .pipeDelimited: self = .pipe
        default: self = .comma
        }
    }
}
