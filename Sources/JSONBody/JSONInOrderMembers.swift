import Wireform

/// The members of a top-level object of many members, for as long as their keys come strictly in UTF-8 byte order,
/// are ASCII and need no escaping: such members are distinct and already in the order to write, so nothing will
/// move, and only where each member starts and its key's length are kept (9 bytes a member, where a
/// ``JSONEncodingSink/Member`` costs 56 bytes plus, for a key of more than 15 bytes, a `String` allocation of 64
/// bytes or more). The key is read back from the output, where it stands unescaped. If a later key is out of order
/// after all, the writer turns them back into members and goes on as it always does.
///
/// A member ends where the next one starts, less its comma (``JSONEncodingSink/key(_:)`` writes the comma just
/// before the next member starts); the last one ends where the object ends.
struct JSONInOrderMembers {
    /// The number of members in order after which they are moved here: fewer (every struct and small dictionary)
    /// stay ``JSONEncodingSink/Member`` values, at one compare a member (J2).
    static let threshold = 512

    /// Whether the top-level object's members are kept here (not in ``JSONEncodingSink/members``).
    private(set) var isActive = false
    /// Bytes from a member's start to its key: `"` (compact), or a newline, two spaces and `"` (pretty printed).
    private var keyOffset = 1
    /// Bytes from the end of a key to its value: `":` (compact), or `" : ` (pretty printed).
    private var valueOffset = 2
    /// Where each member starts in the output.
    private var starts: [Int] = []
    /// Each member's key length (keys of at most 255 bytes are kept here).
    private var keyLengths: [UInt8] = []

    /// The number of members kept.
    var count: Int { starts.count }

    /// Starts keeping the members of the top-level object of a writer that pretty prints or not.
    mutating func activate(isPretty: Bool) {
        self = JSONInOrderMembers()
        isActive = true
        keyOffset = isPretty ? 4 : 1
        valueOffset = isPretty ? 4 : 2
    }

    /// Stops keeping members and frees the storage.
    mutating func deactivate() {
        self = JSONInOrderMembers()
    }

    /// Keeps a member whose bytes start at `start` and whose value starts at `valueStart` in `output`, when its key
    /// stands there unescaped and comes strictly after the last key kept.
    /// - Returns: `false` (and nothing is kept) when the key is escaped, not ASCII, longer than 255 bytes or not
    ///   after the last key.
    mutating func append(_ key: String, isASCII: Bool, start: Int, valueStart: Int, output: [UInt8]) -> Bool {
        let length = key.utf8.count
        // The key written in as many bytes as it has: nothing was escaped, the bytes in `output` are the key's.
        guard isActive, isASCII, length <= Int(UInt8.max), valueStart == start + keyOffset + length + valueOffset
        else { return false }
        let keyStart = start + keyOffset
        if let last = starts.last {
            let lastKeyStart = last + keyOffset
            let previous = output[lastKeyStart..<(lastKeyStart + Int(keyLengths[keyLengths.count - 1]))]
            guard previous.lexicographicallyPrecedes(output[keyStart..<(keyStart + length)]) else { return false }
        }
        starts.append(start)
        keyLengths.append(UInt8(length))
        return true
    }

    /// The member at `index`, which ends at `end` (where the next one starts, less its comma).
    func member(at index: Int, end: Int, output: [UInt8]) -> JSONEncodingSink.Member {
        let keyStart = starts[index] + keyOffset
        let length = Int(keyLengths[index])
        let key = String(decoding: output[keyStart..<(keyStart + length)], as: UTF8.self)
        return JSONEncodingSink.Member(
            key: key, sortKey: UTF8Order.SortKey(key), start: starts[index],
            valueStart: keyStart + length + valueOffset, end: end)
    }

    /// Where the member at `index` starts.
    func start(at index: Int) -> Int { starts[index] }
}
