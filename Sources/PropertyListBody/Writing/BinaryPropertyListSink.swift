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
/// numbering Apple's writer uses). A scalar's bytes are written into the document's buffer when it arrives, after
/// the header; a container keeps a record of 12 bytes (its number, the number after its descendants, its count and
/// kind), and no list of its children: they follow it, each child's subtree after the one before. The document is
/// laid out once the count of objects, and so the size of a reference, is known (``finish()``): in the same buffer,
/// which grows with `realloc`, the scalars move to its end, then each run of them moves back to its place after the
/// containers before it (its length read from its scalars' markers), then the offset table (each object's offset
/// follows from the sizes before it, a scalar's read from its marker) and the trailer are appended. For the 192 MB
/// file of `make-large-params.py` nothing but the document is held: no object, reference or offset table; for many
/// small containers, 12 bytes a container beside it.
///
/// When a dictionary's members arrive out of the order to write (an `Encodable` value with sorted keys) or a key
/// comes again (the later value wins, at the first key's position), its children are listed in the written order
/// and the objects are numbered again, depth first in that order, into a second buffer, so every source gives a
/// value the same bytes. Members whose keys come ASCII and strictly ascending (a tree, sorted JSON text) are in the
/// order to write and distinct, and are never looked at again.
struct BinaryPropertyListSink: ~Copyable, PropertyListEventWriter {
    /// A container's object, in 12 bytes: three 32-bit numbers, where its bytes and its children's are found from
    /// the numbers alone. (A record of 72 bytes, with the byte positions, cost 9 times the input for
    /// `[{"a":1},{"a":1},…]`, 20 times at depth: issue 38.)
    struct Container {
        /// Its number by arrival.
        private let storedNumber: UInt32
        /// The number by arrival after its last descendant, once it ended.
        private var storedEnd: UInt32 = 0
        /// Its count shifted left by one, with the low bit set for a dictionary.
        private var countAndKind: UInt32

        /// A container that begins; `number` is below ``BinaryPropertyListSink/maximumObjectCount``.
        init(number: Int, isKeyed: Bool) {
            storedNumber = UInt32(number)
            countAndKind = isKeyed ? 1 : 0
        }

        /// Its number by arrival.
        var number: Int { Int(storedNumber) }
        /// A dictionary, or an array.
        var isKeyed: Bool { countAndKind & 1 == 1 }
        /// Its elements or members, once it ended (distinct members when they were put in another order).
        var count: Int {
            get { Int(countAndKind >> 1) }
            // At most the objects so far, below 2^31.
            set { countAndKind = UInt32(newValue) << 1 | (countAndKind & 1) }
        }
        /// The number by arrival after its last descendant, once it ended.
        var end: Int {
            get { Int(storedEnd) }
            set { storedEnd = UInt32(newValue) }
        }
    }

    /// The most objects a document holds: a container's record keeps numbers and counts in 32 bits (a count shifted
    /// by one). More objects than this are an error, not a crash; they would take tens of gigabytes of events.
    static let maximumObjectCount = Int(Int32.max)

    /// `bplist00`, then every scalar object's bytes by arrival; the whole document once ``finish()`` laid it out.
    var bytes = QueryByteWriter(capacity: 4096)
    /// The objects so far; each one's number by arrival is the count before it.
    var objectCount = 0
    /// The containers, by number.
    var containers: [Container] = []
    /// The children of the dictionaries put in another order, as arrival numbers: a key, its value, the next key….
    var reorderedChildren: [UInt32] = []
    /// Whether a dictionary was put in another order: then objects are numbered again.
    private(set) var isRenumbered = false
    /// For each container once a dictionary was put in another order (empty until then): one more than the index
    /// of its first key in ``reorderedChildren`` when its members were put in another order, else 0. Kept apart
    /// from the records, which need it only for such documents (an `Encodable` value's keys, sorted).
    var reorderedStarts: [UInt32] = []
    /// The open containers, outermost first; a level's `start` is its container's index in ``containers``, its
    /// `base` where its children's bytes start in ``bytes``.
    private(set) var levels: [PropertyListLevel] = []
    /// Whether a key was written and its value has not begun.
    private var awaitsValue = false
    /// Whether members are looked at to be put in order; not for a tree, whose members arrive in order.
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
        bytes.append(utf8: "bplist00")
    }

    /// Starts a value: its position for an error's path.
    mutating func beginValue() {
        if objectCount >= Self.maximumObjectCount, failure == nil { failure = failure(.tooManyObjects) }
        guard !levels.isEmpty else {
            // A second top-level value.
            if objectCount > 0 { failure = Self.misplacedEvent }
            return
        }
        if !levels.beginValue(followsKey: awaitsValue) { failure = Self.misplacedEvent }
        awaitsValue = false
    }

    /// Starts a container's object, unless it nests too deep.
    private mutating func beginContainer(isKeyed: Bool, sortsKeys: Bool) {
        beginValue()
        guard levels.count < ParameterValue.maximumDepth else {
            failure = failure(.tooDeep)
            return
        }
        guard failure == nil else { return }
        levels.append(
            PropertyListLevel(isKeyed: isKeyed, sortsKeys: sortsKeys, start: containers.count, base: bytes.count))
        containers.append(Container(number: objectCount, isKeyed: isKeyed))
        if isRenumbered { reorderedStarts.append(0) }
        objectCount += 1
    }

    /// Records where a container's descendants end.
    private mutating func endContainer(_ level: PropertyListLevel) {
        containers[level.start].count = level.count
        containers[level.start].end = objectCount
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
        if tracksMembers, levels[innermost].keysAscend {
            // ASCII keys in strictly ascending bytes are distinct and in the order to write, whatever the ordering.
            if !UTF8Order.SortKey(key).isASCII
                || (levels[innermost].count > 0 && !UTF8Order.precedes(levels[innermost].key, key))
            {
                levels[innermost].keysAscend = false
            }
        }
        if objectCount >= Self.maximumObjectCount {
            failure = failure(.tooManyObjects)
            return
        }
        levels.beginMember(key)
        awaitsValue = true
        appendString(key)
    }

    mutating func endKeyed() {
        guard failure == nil else { return }
        guard let level = levels.popLast(), level.isKeyed, !awaitsValue else {
            failure = Self.misplacedEvent
            return
        }
        endContainer(level)
        guard tracksMembers, !level.keysAscend, level.count > 1 else { return }
        let children = arrivalChildren(of: level.start, position: level.base)
        // The reused order buffer is taken out of `self` while the key closures read the stored keys.
        var order: [(value: Int, key: Int)] = []
        swap(&order, &self.order)
        defer { swap(&order, &self.order) }
        if UTF8Order.memberOrder(
            count: level.count, sorted: sortsKeys || level.sortsKeys, into: &order,
            sortKey: { UTF8Order.SortKey(storedString(at: children[2 * $0].position)) },
            key: { storedString(at: children[2 * $0].position) })
        {
            let start = reorderedChildren.count
            for entry in order {
                reorderedChildren.append(UInt32(children[2 * entry.key].number))
                reorderedChildren.append(UInt32(children[2 * entry.value + 1].number))
            }
            if !isRenumbered { reorderedStarts = [UInt32](repeating: 0, count: containers.count) }
            reorderedStarts[level.start] = UInt32(start + 1)
            containers[level.start].count = order.count
            isRenumbered = true
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
