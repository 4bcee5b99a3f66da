import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one binary property list (`bplist00`) writer: it takes ``Wireform/EncodingSink`` events from every source (a
/// ``Wireform/ParameterValue`` tree, an `Encodable` value, JSON text).
///
/// Every key and value is its own object; equal values are not uniqued, which is valid and keeps the writer simple.
/// Objects are numbered depth first, a container before its children and a dictionary's key before its value (the
/// numbering Apple's writer uses). A scalar's bytes are written into a buffer when it arrives; a container's object,
/// a marker and its children's numbers, is recorded when it ends. The document is laid out once the count of
/// objects, and so the size of a reference, is known (``finish()``): the objects in number order, the offset table
/// and the trailer.
///
/// When a dictionary's members arrive out of the order to write (an `Encodable` value with sorted keys) or a key
/// comes again (the later value wins, at the first key's position), the objects are numbered again, depth first in
/// the written order, so every source gives a value the same bytes. A tree's members arrive in order and are not
/// kept to sort.
struct BinaryPropertyListSink: PropertyListEventWriter {
    /// One object: a scalar's bytes, or a container's marker and its children.
    struct Object {
        /// `0` for a scalar, `0xA0` for an array, `0xD0` for a dictionary.
        var marker: UInt8
        /// A scalar's first byte in ``scalarBytes``; a container's first child in ``references``.
        var start: Int
        /// A scalar's byte count; a container's element or member count (a dictionary has twice as many children:
        /// its keys, then its values).
        var count: Int
    }

    /// The objects by arrival: a container when it begins, then its children.
    var objects: [Object] = []
    /// The bytes of every scalar object, in arrival order.
    var scalarBytes: [UInt8] = []
    /// The children of the finished containers, by arrival number.
    private(set) var references: [Int] = []
    /// Whether a dictionary was put in another order: then objects are numbered again.
    private(set) var isRenumbered = false
    /// The children of the open containers: an array's elements, a dictionary's key and value pairs.
    private var children: [Int] = []
    /// The sort keys of the open dictionaries' members, when they are kept to sort. The keys themselves are read
    /// back from their objects' bytes when two sort keys tie: a copy of every key of a dictionary of millions of
    /// members would be as large as its keys' objects.
    private var memberKeys: [UTF8Order.SortKey] = []
    /// The open containers, outermost first.
    private(set) var levels: [PropertyListLevel] = []
    /// Whether members are kept to be put in order; not for a tree, whose members arrive in order.
    private let tracksMembers: Bool
    /// Whether every dictionary's keys are sorted (``Wireform/KeyOrdering/sorted``), not only a Swift `Dictionary`'s.
    private let sortsKeys: Bool
    /// The order of a dictionary's members, reused.
    private var order: [(value: Int, key: Int)] = []
    /// An error found in an event that cannot throw (a container too deep); thrown by the next one that can.
    var failure: SerializationError?

    /// Creates a writer (see ``PropertyListEventWriter/init(keyOrdering:membersArriveInOrder:)``).
    init(keyOrdering: KeyOrdering, membersArriveInOrder: Bool) {
        tracksMembers = !membersArriveInOrder
        sortsKeys = keyOrdering == .sorted
    }

    /// Starts a value: its number among its container's children, and its position for an error's path.
    mutating func beginValue() {
        guard !levels.isEmpty else {
            // A second top-level value.
            if !objects.isEmpty { failure = Self.misplacedEvent }
            return
        }
        if !levels.beginValue(followsKey: (children.count - levels[levels.count - 1].base) % 2 == 1) {
            failure = Self.misplacedEvent
        }
        children.append(objects.count)
    }

    /// Starts a container's object, unless it nests too deep.
    private mutating func beginContainer(isKeyed: Bool, sortsKeys: Bool) {
        beginValue()
        guard levels.count < ParameterValue.maximumDepth else {
            failure = failure(.tooDeep)
            return
        }
        var level = PropertyListLevel(
            isKeyed: isKeyed, sortsKeys: sortsKeys, start: objects.count, base: children.count)
        level.keyBase = memberKeys.count
        levels.append(level)
        objects.append(Object(marker: isKeyed ? 0xD0 : 0xA0, start: 0, count: 0))
    }

    mutating func beginKeyed(sortsKeys: Bool) {
        guard failure == nil else { return }
        beginContainer(isKeyed: true, sortsKeys: sortsKeys)
    }

    mutating func key(_ key: String) {
        guard failure == nil else { return }
        let innermost = levels.count - 1
        guard innermost >= 0, levels[innermost].isKeyed, (children.count - levels[innermost].base) % 2 == 0 else {
            failure = Self.misplacedEvent
            return
        }
        levels.beginMember(key)
        children.append(objects.count)
        appendString(key)
        if tracksMembers { memberKeys.append(UTF8Order.SortKey(key)) }
    }

    mutating func endKeyed() {
        guard failure == nil else { return }
        guard let level = levels.popLast(), level.isKeyed, (children.count - level.base) % 2 == 0 else {
            failure = Self.misplacedEvent
            return
        }
        let memberCount = (children.count - level.base) / 2
        let start = references.count
        // The reused order buffer is taken out of `self` while the key closure reads the stored keys.
        var order: [(value: Int, key: Int)] = []
        swap(&order, &self.order)
        defer { swap(&order, &self.order) }
        if tracksMembers,
            UTF8Order.memberOrder(
                count: memberCount, sorted: sortsKeys || level.sortsKeys, into: &order,
                sortKey: { memberKeys[level.keyBase + $0] },
                key: { storedString(ofObject: children[level.base + 2 * $0]) })
        {
            for entry in order { references.append(children[level.base + 2 * entry.key]) }
            for entry in order { references.append(children[level.base + 2 * entry.value + 1]) }
            objects[level.start] = Object(marker: 0xD0, start: start, count: order.count)
            isRenumbered = true
        } else {
            for member in 0..<memberCount { references.append(children[level.base + 2 * member]) }
            for member in 0..<memberCount { references.append(children[level.base + 2 * member + 1]) }
            objects[level.start] = Object(marker: 0xD0, start: start, count: memberCount)
        }
        // Removing nothing from an empty array would copy it.
        if level.base < children.count { children.removeSubrange(level.base...) }
        if level.keyBase < memberKeys.count { memberKeys.removeSubrange(level.keyBase...) }
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
        let start = references.count
        references.append(contentsOf: children[level.base...])
        objects[level.start] = Object(marker: 0xA0, start: start, count: children.count - level.base)
        if level.base < children.count { children.removeSubrange(level.base...) }
    }

    /// Frees the storage of the open containers' bookkeeping (empty once the top-level value ended, but still
    /// holding the capacity of the largest container), before the document is laid out.
    mutating func releaseContainerStorage() {
        children = []
        memberKeys = []
        order = []
    }
}
