#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``EncodingSink`` that writes the escaped query or form body of a ``StandardQueryStyle``: the bytes its tree
/// walker (`StandardQueryStyle+Writing.swift`) writes for the value's tree, without building the tree.
///
/// Dictionaries whose keys go into the name (`brackets`, `dotted`) and arrays written `brackets`, `indexed` or
/// `repeated` are streamed: each pair is written as its value arrives, with the escaped name kept as a stack, and
/// scalars go through the walker's own `writeScalar`. Each dictionary member's pairs are one byte range; when the
/// dictionary ends, the ranges are put in key order (and a repeated key's earlier value dropped). Containers that
/// the style writes as a whole — a set (sorted by its members' text), a delimited list, an exploded dictionary, an
/// array the style refuses — are built as a tree (one ``ParameterTreeSink`` per such container) and handed to the
/// walker.
///
/// Errors of the style are kept, not thrown: the tree walker writes members in key order, so the first error in
/// that order is the one thrown, when the value ends. Errors of the encoder are thrown at once, as the tree path
/// throws them before it writes anything.
struct QueryEncodingSink: EncodingSink, ~Copyable {
    /// An open streamed container.
    struct Level {
        var isKeyed: Bool
        /// The name's length when the container started.
        var nameBase: Int
        /// Where its members start in ``members``.
        var memberBase: Int
        /// Members or elements so far.
        var count = 0
        /// Dictionaries below the top level: 0 for the top-level dictionary.
        var depth: Int
        /// A Swift `Dictionary`, whose keys are sorted whatever the key ordering.
        var sortsKeys = false
        /// How an array names its elements: only the streamed encodings (`brackets`, `indexed`, `repeated`), so
        /// the level keeps the plain case, which copies without reference counting (a `custom` encoding's closure
        /// is never needed here).
        var arrays = StandardQueryStyle.ArrayEncoding.Base.brackets
    }

    /// A member of an open dictionary: its key and where its bytes start (they end where the next member's
    /// start, the last at the end of the output).
    struct Member {
        var key: String
        var start: Int
        var sortKey: UTF8Order.SortKey
    }

    let style: StandardQueryStyle
    /// The escaped output.
    var output: EscapedQuerySink
    private var levels = ValueStack<Level>(capacity: 8)
    // 24 members (40 bytes each) stay within the allocator's fast per-thread cache (glibc: up to 1,032 bytes).
    private var members = ValueStack<Member>(capacity: 24)
    /// Builds a container the walker writes as a whole; its depth, 0 when none is being built.
    private var buffer = ParameterTreeSink()
    private var bufferDepth = 0
    /// The depth of a container being skipped after its error.
    private var skipDepth = 0
    /// The first error inside each open member that has one (by its index in ``members``), innermost last.
    /// The order of a dictionary's members, and their byte ranges in that order; reused.
    private var memberErrors: [(member: Int, error: SerializationError)] = []
    /// The first error outside any member.
    private var error: SerializationError?

    init(style: StandardQueryStyle, spaceEncoding: PercentEncoding.SpaceEncoding) {
        self.style = style
        // Room for a typical query up front: a value's escaping reserves three bytes for each of its bytes.
        output = EscapedQuerySink(
            spaceEncoding: spaceEncoding, reservedCharacters: style.reservedCharacters, capacity: 1024)
        output.isFirst = false
    }

    /// Appends the query to `bytes`, or throws the first error in the order the walker writes.
    func finish(appendingTo bytes: inout [UInt8]) throws(SerializationError) {
        if let error { throw error }
        // Every pair starts with `&`; the first one's is dropped.
        output.copyOutput(droppingFirst: 1, to: &bytes)
    }

    /// The query as text, or throws the first error in the order the walker writes.
    func finishString() throws(SerializationError) -> String {
        if let error { throw error }
        return output.outputString(droppingFirst: 1)
    }

    // MARK: Errors

    /// Keeps an error: in the innermost open member, or as the error of the whole value.
    private mutating func record(_ newError: SerializationError) {
        if let last = members.lastIndex {
            if memberErrors.last?.member != last { memberErrors.append((last, newError)) }
        } else if error == nil {
            error = newError
        }
    }

    private mutating func rejectTopLevel(_ kind: String) {
        if error == nil {
            error = SerializationError(
                .invalidTopLevelValue, "Query and form parameters must be a dictionary at the top level, not \(kind)")
        }
    }

    // MARK: Slots

    /// Names the next element of an array; `false` when the value is to be skipped (at the top level, or a
    /// container where repeated keys cannot hold one).
    @inline(__always)
    private mutating func enterSlot(isContainer: Bool, kind: @autoclosure () -> String) -> Bool {
        // A dictionary member: its name is written already.
        if let index = levels.lastIndex, levels[index].isKeyed { return true }
        return enterElementSlot(isContainer: isContainer, kind: kind())
    }

    /// ``enterSlot(isContainer:kind:)`` outside a dictionary: at the top level, or an array's element.
    private mutating func enterElementSlot(isContainer: Bool, kind: @autoclosure () -> String) -> Bool {
        guard let index = levels.lastIndex else {
            rejectTopLevel(kind())
            return false
        }
        guard !levels[index].isKeyed else { return true }
        let position = levels[index].count
        levels[index].count = position &+ 1
        switch levels[index].arrays {
        case .indexed:
            output.truncateName(to: levels[index].nameBase)
            output.appendToName(ascii: UInt8(ascii: "["))
            output.appendIndexToName(UInt64(position))
            output.appendToName(ascii: UInt8(ascii: "]"))
        case .repeated where isContainer:
            // `k=a&k=b` has no place for an element's own structure (the walker's `writeElements`).
            record(
                SerializationError(
                    .unsupportedValue,
                    "Repeated keys cannot express \(kind()) inside an array or set, at "
                        + "'\(style.nameText(output.unescapedName()))'"
                ))
            return false
        default:
            break
        }
        return true
    }

    @inline(__always)
    private mutating func scalar(_ value: ParameterValue) {
        guard enterSlot(isContainer: false, kind: value.kindName) else { return }
        do { try style.writeScalarPair(value, to: &output) } catch { record(error) }
    }

    /// Starts building a container as a tree, for the walker.
    private mutating func startBuffer() {
        bufferDepth = 1
        buffer = ParameterTreeSink()
    }

    /// Writes a container built as a tree, when it ends.
    private mutating func endBuffer() {
        bufferDepth -= 1
        guard bufferDepth == 0, let tree = buffer.result, let parent = levels.last else { return }
        do {
            try style.writeContainer(tree, to: &output, depth: parent.depth + 1, isTopLevel: parent.depth == 0)
        } catch {
            record(error)
        }
    }

    // MARK: Events

    mutating func beginKeyed(sortsKeys: Bool) {
        if bufferDepth > 0 {
            bufferDepth += 1
            buffer.beginKeyed(sortsKeys: sortsKeys)
            return
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        guard let parent = levels.last else {
            levels.append(Level(isKeyed: true, nameBase: 0, memberBase: members.count, depth: 0, sortsKeys: sortsKeys))
            return
        }
        guard enterSlot(isContainer: true, kind: "a dictionary") else {
            skipDepth = 1
            return
        }
        if !style.nesting.appendsKeysToName {
            startBuffer()
            buffer.beginKeyed(sortsKeys: sortsKeys)
            return
        }
        levels.append(
            Level(
                isKeyed: true, nameBase: output.nameLength, memberBase: members.count, depth: parent.depth + 1,
                sortsKeys: sortsKeys))
    }

    mutating func key(_ key: String) {
        if bufferDepth > 0 { return buffer.key(key) }
        if skipDepth > 0 { return }
        nameMember(key)
    }

    /// A dictionary member whose value is a string: its pair is written at once.
    mutating func member(_ key: String, string value: String) {
        if bufferDepth > 0 {
            buffer.key(key)
            return buffer.string(value)
        }
        if skipDepth > 0 { return }
        nameMember(key)
        // Text is a pair of its own in every style (the walker's `writeScalar`).
        output.appendPair(text: value)
    }

    /// Starts a member of the innermost dictionary: its name, and where its bytes start.
    @inline(__always)
    private mutating func nameMember(_ key: String) {
        let index = levels.count - 1
        output.truncateName(to: levels[index].nameBase)
        let sortKey: UTF8Order.SortKey
        if levels[index].depth == 0 {
            sortKey = output.appendKeyToName(key)
        } else if style.nesting == .dotted {
            output.appendToName(ascii: UInt8(ascii: "."))
            sortKey = output.appendKeyToName(key)
        } else {
            output.appendToName(ascii: UInt8(ascii: "["))
            sortKey = output.appendKeyToName(key)
            output.appendToName(ascii: UInt8(ascii: "]"))
        }
        members.append(Member(key: key, start: output.position, sortKey: sortKey))
    }

    mutating func endKeyed() {
        if bufferDepth > 0 {
            buffer.endKeyed()
            return endBuffer()
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        let level = levels.removeLast()
        let base = level.memberBase
        var firstError: SerializationError?
        let count = members.count - base
        if count > 0 {
            let end = output.position
            let sorted = style.keyOrdering == .sorted || level.sortsKeys
            // The errors of this dictionary's members are the last ones kept.
            let errorBase = memberErrors.firstIndex { $0.member >= base } ?? memberErrors.count
            // Read in place while the output is rewritten; the members do not change until the order is used.
            let members = self.members.elements
            let start = members[base].start
            firstError = UTF8Order.withMemberOrder(
                count: count, sorted: sorted, sortKey: { members[base + $0].sortKey }, key: { members[base + $0].key }
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
        }
        output.truncateName(to: level.nameBase)
        if count == 0, level.depth > 0, style.emptyContainers == .emptyValue { output.appendPair(text: "") }
        if let firstError { record(firstError) }
    }

    mutating func beginUnkeyed(isSet: Bool) {
        if bufferDepth > 0 {
            bufferDepth += 1
            buffer.beginUnkeyed(isSet: isSet)
            return
        }
        if skipDepth > 0 {
            skipDepth += 1
            return
        }
        guard enterSlot(isContainer: true, kind: isSet ? "a set" : "an array"), let parent = levels.last else {
            skipDepth = 1
            return
        }
        let encoding = isSet ? style.setCase : style.arrayCase
        let streams =
            !isSet && (parent.depth == 0 || style.allowsNestedArrays)
            && (encoding == .brackets || encoding == .indexed || encoding == .repeated)
        guard streams else {
            // The walker writes it whole, or throws the style's error for it.
            startBuffer()
            buffer.beginUnkeyed(isSet: isSet)
            return
        }
        levels.append(
            Level(
                isKeyed: false, nameBase: output.nameLength, memberBase: members.count, depth: parent.depth + 1,
                arrays: encoding))
        if encoding == .brackets {
            output.appendToName(ascii: UInt8(ascii: "["))
            output.appendToName(ascii: UInt8(ascii: "]"))
        }
    }

    mutating func endUnkeyed() {
        if bufferDepth > 0 {
            buffer.endUnkeyed()
            return endBuffer()
        }
        if skipDepth > 0 {
            skipDepth -= 1
            return
        }
        let level = levels.removeLast()
        output.truncateName(to: level.nameBase)
        if level.count == 0, style.emptyContainers == .emptyValue { output.appendPair(text: "") }
    }

    mutating func string(_ value: String) {
        if bufferDepth > 0 { return buffer.string(value) }
        if skipDepth > 0 { return }
        guard enterSlot(isContainer: false, kind: "a string") else { return }
        // Text is a pair of its own in every style (the walker's `writeScalar`).
        output.appendPair(text: value)
    }

    /// An array of strings; streamed with one name for all its elements when the style repeats the name.
    mutating func array(of elements: [String]) {
        beginUnkeyed(isSet: false)
        if let index = streamsSameName() {
            levels[index].count &+= elements.count
            for element in elements { output.appendPair(text: element) }
        } else {
            for element in elements { string(element) }
        }
        endUnkeyed()
    }

    /// An array of integers; streamed with one name for all its elements when the style repeats the name.
    mutating func array(of elements: [Int]) {
        beginUnkeyed(isSet: false)
        if let index = streamsSameName() {
            levels[index].count &+= elements.count
            for element in elements { output.appendPair(integer: UInt64(element.magnitude), isNegative: element < 0) }
        } else {
            for element in elements { integer(UInt64(element.magnitude), isNegative: element < 0) }
        }
        endUnkeyed()
    }

    /// The array just started, when it streams and names each scalar element the same (`brackets`, `repeated`).
    @inline(__always)
    private func streamsSameName() -> Int? {
        guard bufferDepth == 0, skipDepth == 0, let index = levels.lastIndex, !levels[index].isKeyed else {
            return nil
        }
        let arrays = levels[index].arrays
        return arrays == .brackets || arrays == .repeated ? index : nil
    }

    mutating func bool(_ value: Bool) {
        if bufferDepth > 0 { return buffer.bool(value) }
        if skipDepth > 0 { return }
        scalar(.bool(value))
    }

    mutating func integer(_ magnitude: UInt64, isNegative: Bool) {
        if bufferDepth > 0 { return buffer.integer(magnitude, isNegative: isNegative) }
        if skipDepth > 0 { return }
        guard enterSlot(isContainer: false, kind: "a number") else { return }
        output.appendPair(integer: magnitude, isNegative: isNegative)
    }

    mutating func number(_ value: ParameterNumber) {
        if bufferDepth > 0 { return buffer.number(value) }
        if skipDepth > 0 { return }
        scalar(.number(value))
    }

    mutating func date(_ value: Date) {
        if bufferDepth > 0 { return buffer.date(value) }
        if skipDepth > 0 { return }
        scalar(.date(value))
    }

    mutating func data(_ value: Data) {
        if bufferDepth > 0 { return buffer.data(value) }
        if skipDepth > 0 { return }
        scalar(.data(value))
    }

    mutating func null() {
        if bufferDepth > 0 { return buffer.null() }
        if skipDepth > 0 { return }
        scalar(.null)
    }
}
