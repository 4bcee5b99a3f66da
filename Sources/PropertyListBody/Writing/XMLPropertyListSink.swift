import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one XML property list writer: it takes ``Wireform/EncodingSink`` events from every source (a
/// ``Wireform/ParameterValue`` tree, an `Encodable` value, JSON text) and lays the document out as Apple's writer
/// does: the XML declaration, the DOCTYPE, `<plist version="1.0">`, one element per line indented with tabs, empty
/// containers as `<dict/>` and `<array/>`, and a final newline.
///
/// Values are written as they arrive. Each dictionary member's bytes (from the indentation of its `<key>` to the
/// end of its value) are one range; when the dictionary ends and its keys were not in the order to write (or one
/// came again: the later value wins, at the first key's position), the ranges are copied once through a scratch
/// buffer in that order. A tree's members arrive already in order, and are not tracked at all.
struct XMLPropertyListSink: ~Copyable, PropertyListEventWriter {
    /// A dictionary member: its key, where its bytes start, where its value starts, where it ends.
    private struct Member {
        var key: String
        var sortKey: UTF8Order.SortKey
        var start: Int
        var valueStart: Int
        var end = 0
    }

    /// The document so far, in a buffer that grows with `realloc` (a large one is remapped, not copied: a document of
    /// hundreds of megabytes is never held twice while it grows), handed out as the body without a copy.
    var bytes = QueryByteWriter(capacity: 4096)
    /// The open containers, outermost first.
    private(set) var levels: [PropertyListLevel] = []
    /// Whether members are tracked to be put in order; not for a tree, whose members arrive in order.
    private let tracksMembers: Bool
    /// Whether every dictionary's keys are sorted (``Wireform/KeyOrdering/sorted``), not only a Swift `Dictionary`'s.
    private let sortsKeys: Bool
    /// The members of the open dictionaries, when they are tracked (the top-level dictionary's are in
    /// ``inOrderMembers`` while that is active).
    private var members: [Member] = []
    /// The top-level dictionary's members while they come sorted, once there are
    /// ``Wireform/SortedMemberRun/threshold`` of them.
    private var inOrderMembers = SortedMemberRun()
    /// The order of a dictionary's members, reused.
    private var order: [(value: Int, key: Int)] = []
    /// The bytes of a dictionary's members while they are put in order, or of a number or a date, reused.
    var scratch: [UInt8] = []
    /// An error found in an event that cannot throw (a key, a container too deep); thrown by the next one that can.
    var failure: SerializationError?
    /// Whether the top-level value has begun.
    private var hasValue = false
    /// Whether a key was written and its value has not begun.
    private var awaitsValue = false

    /// Creates a writer (see ``PropertyListEventWriter/init(keyOrdering:membersArriveInOrder:)``).
    init(keyOrdering: KeyOrdering, membersArriveInOrder: Bool) {
        bytes.append(contentsOf: Self.header)
        tracksMembers = !membersArriveInOrder
        sortsKeys = keyOrdering == .sorted
    }

    /// The finished document.
    /// - Throws: The first error found, or ``Wireform/SerializationError`` when no single value was sent.
    mutating func finish() throws(SerializationError) -> Data {
        if let failure { throw failure }
        guard hasValue, levels.isEmpty else { throw Self.incompleteValue }
        bytes.append(contentsOf: Self.footer)
        return bytes.takeData(droppingFirst: 0)
    }

    /// Starts a value: its indentation, and its position for an error's path.
    mutating func beginValue() {
        guard !levels.isEmpty else {
            if hasValue { failure = Self.misplacedEvent }
            hasValue = true
            return
        }
        if !levels.beginValue(followsKey: awaitsValue) { failure = Self.misplacedEvent }
        awaitsValue = false
        appendIndent(levels.count)
    }

    /// Starts a container after its indentation, unless it nests too deep.
    private mutating func beginContainer(isKeyed: Bool, sortsKeys: Bool) {
        beginValue()
        guard levels.count < ParameterValue.maximumDepth else {
            failure = failure(.tooDeep)
            return
        }
        levels.append(
            PropertyListLevel(isKeyed: isKeyed, sortsKeys: sortsKeys, start: bytes.count, base: members.count))
        bytes.append(contentsOf: isKeyed ? Self.dictionaryOpen : Self.arrayOpen)
    }

    /// Ends a container: `<dict/>` or `<array/>` when it is empty.
    private mutating func endContainer(_ level: PropertyListLevel) {
        if level.count == 0 {
            bytes.truncate(to: level.start)
            bytes.append(contentsOf: level.isKeyed ? Self.emptyDictionary : Self.emptyArray)
            return
        }
        appendIndent(levels.count)
        bytes.append(contentsOf: level.isKeyed ? Self.dictionaryClose : Self.arrayClose)
    }

    mutating func beginKeyed(sortsKeys: Bool) {
        guard failure == nil else { return }
        beginContainer(isKeyed: true, sortsKeys: sortsKeys)
    }

    mutating func key(_ key: String) {
        guard failure == nil else { return }
        let innermost = levels.count - 1
        guard innermost >= 0, levels[innermost].isKeyed, !awaitsValue else {
            failure = Self.misplacedEvent
            return
        }
        let start = bytes.count
        if tracksMembers, members.count > levels[innermost].base { members[members.count - 1].end = start }
        levels.beginMember(key)
        appendIndent(levels.count)
        if let problem = appendElement("key", text: key, isKey: true) {
            failure = failure(problem)
            return
        }
        awaitsValue = true
        if tracksMembers {
            let sortKey = UTF8Order.SortKey(key)
            // One compare a member below the threshold: small dictionaries keep their members as they are.
            if innermost == 0, members.count == SortedMemberRun.threshold || inOrderMembers.isActive,
                keepInOrder(key, isASCII: sortKey.isASCII, start: start)
            {
                return
            }
            members.append(Member(key: key, sortKey: sortKey, start: start, valueStart: bytes.count))
        }
    }

    /// Keeps the top-level dictionary's newest member in ``inOrderMembers`` when its members have come in order: at
    /// ``Wireform/SortedMemberRun/threshold`` members, moves them there if so; past it, keeps the new one there when
    /// it comes after the last one, or else moves them all back to ``members`` (and the caller keeps the new one).
    /// - Returns: Whether the member is kept in ``inOrderMembers``.
    @inline(never)  // The rare path kept out of the per-key one, as in the query and JSON writers.
    private mutating func keepInOrder(_ key: String, isASCII: Bool, start: Int) -> Bool {
        if !inOrderMembers.isActive {
            guard members.count == SortedMemberRun.threshold, levels.count == 1, keysCameSorted() else { return false }
            // A tab and `<key>`; then `</key>` and a newline.
            inOrderMembers.activate(keyOffset: 6, valueOffset: 7)
            for member in members
            where !inOrderMembers.append(
                member.key, isASCII: true, start: member.start, valueStart: member.valueStart,
                output: bytes.writtenBytes)
            {
                inOrderMembers.deactivate()
                return false
            }
            members.removeAll()
        }
        if inOrderMembers.append(
            key, isASCII: isASCII, start: start, valueStart: bytes.count, output: bytes.writtenBytes)
        {
            return true
        }
        // The members so far end where this one starts.
        let count = inOrderMembers.count
        var moved: [Member] = []
        moved.reserveCapacity(count)
        for index in 0..<count {
            let (key, memberStart, valueStart) = inOrderMembers.member(at: index, output: bytes.writtenBytes)
            let end = index + 1 < count ? inOrderMembers.start(at: index + 1) : start
            moved.append(
                Member(key: key, sortKey: UTF8Order.SortKey(key), start: memberStart, valueStart: valueStart, end: end))
        }
        members = moved
        inOrderMembers.deactivate()
        return false
    }

    /// Whether the members so far (the top-level dictionary's alone) have ASCII keys in strictly ascending byte
    /// order.
    private func keysCameSorted() -> Bool {
        guard members[0].sortKey.isASCII else { return false }
        for position in 1..<members.count {
            guard members[position].sortKey.isASCII,
                UTF8Order.precedes(members[position - 1].key, members[position].key)
            else { return false }
        }
        return true
    }

    mutating func endKeyed() {
        guard failure == nil else { return }
        guard let level = levels.popLast(), level.isKeyed, !awaitsValue else {
            failure = Self.misplacedEvent
            return
        }
        // Members still kept as they came are distinct and in key order already: nothing moves.
        if levels.isEmpty { inOrderMembers.deactivate() }
        if tracksMembers, members.count > level.base {
            members[members.count - 1].end = bytes.count
            if UTF8Order.memberOrder(
                count: members.count - level.base, sorted: sortsKeys || level.sortsKeys, into: &order,
                sortKey: { members[level.base + $0].sortKey }, key: { members[level.base + $0].key })
            {
                reorder(base: level.base)
            }
            members.removeSubrange(level.base...)
        }
        endContainer(level)
    }

    /// Writes a dictionary's members again in a new order; a member whose key came again is written with its first
    /// key and its last value.
    private mutating func reorder(base: Int) {
        let start = members[base].start
        // The reused scratch buffer is taken out of `self` while the members are copied back from it.
        var saved: [UInt8] = []
        swap(&saved, &scratch)
        defer { swap(&saved, &scratch) }
        saved.removeAll(keepingCapacity: true)
        saved.append(contentsOf: bytes.writtenBytes[start...])
        bytes.truncate(to: start)
        // The saved array's storage, lent while the members are copied back from it.
        saved.withUnsafeBufferPointer { moved in
            for entry in order {
                let member = members[base + entry.value]
                let keyMember = members[base + entry.key]
                bytes.append(contentsOf: moved[(keyMember.start - start)..<(keyMember.valueStart - start)])
                bytes.append(contentsOf: moved[(member.valueStart - start)..<(member.end - start)])
            }
        }
    }

    mutating func beginUnkeyed(isSet: Bool) {
        guard failure == nil else { return }
        beginContainer(isKeyed: false, sortsKeys: false)
    }

    mutating func endUnkeyed() {
        guard failure == nil else { return }
        guard let level = levels.popLast(), !level.isKeyed else {
            failure = Self.misplacedEvent
            return
        }
        endContainer(level)
    }
}
