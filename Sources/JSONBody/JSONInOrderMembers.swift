import Wireform

/// The members of a top-level object of many members, for as long as their keys come strictly in UTF-8 byte order
/// and are ASCII: such members are distinct and already in the order to write, so nothing will move, and only their
/// keys' bytes, end to end, and where each member and its value start are kept (about the key's own bytes plus 24
/// bytes a member, where a ``JSONEncodingSink/Member`` costs 56 bytes plus, for a key of more than 15 bytes, a
/// `String` allocation of 64 bytes or more). If a later key is out of order after all, the writer turns them back
/// into members and goes on as it always does.
///
/// A member ends where the next one starts, less its comma (``JSONEncodingSink/key(_:)`` writes the comma just
/// before the next member starts); the last one ends where the object ends.
struct JSONInOrderMembers {
    /// The number of members in order after which they are moved here: fewer (every struct and small dictionary)
    /// stay ``JSONEncodingSink/Member`` values, at one compare a member (J2).
    static let threshold = 512

    /// Whether the top-level object's members are kept here (not in ``JSONEncodingSink/members``).
    private(set) var isActive = false
    /// Every key's UTF-8 bytes, end to end.
    private var keyBytes: [UInt8] = []
    /// For each member: where its key ends in ``keyBytes``, where the member starts and where its value starts.
    private var bounds: [(keyEnd: Int, start: Int, valueStart: Int)] = []

    /// The number of members kept.
    var count: Int { bounds.count }

    /// Starts keeping the members of the top-level object.
    mutating func activate() {
        self = JSONInOrderMembers()
        isActive = true
    }

    /// Stops keeping members and frees the storage.
    mutating func deactivate() {
        self = JSONInOrderMembers()
    }

    /// Keeps a member when its key is ASCII and comes strictly after the last key kept.
    /// - Returns: `false` (and nothing is kept) when the key is not ASCII or not after the last key.
    mutating func append(_ key: String, isASCII: Bool, start: Int, valueStart: Int) -> Bool {
        guard isActive, isASCII else { return false }
        if let last = bounds.last {
            let lastStart = bounds.count > 1 ? bounds[bounds.count - 2].keyEnd : 0
            guard keyBytes[lastStart..<last.keyEnd].lexicographicallyPrecedes(key.utf8) else { return false }
        }
        keyBytes.append(contentsOf: key.utf8)
        bounds.append((keyBytes.count, start, valueStart))
        return true
    }

    /// The member at `index`, which ends at `end` (where the next one starts, less its comma).
    func member(at index: Int, end: Int) -> JSONEncodingSink.Member {
        let keyStart = index == 0 ? 0 : bounds[index - 1].keyEnd
        let key = String(decoding: keyBytes[keyStart..<bounds[index].keyEnd], as: UTF8.self)
        return JSONEncodingSink.Member(
            key: key, sortKey: UTF8Order.SortKey(key), start: bounds[index].start,
            valueStart: bounds[index].valueStart, end: end)
    }

    /// Where the member at `index` starts.
    func start(at index: Int) -> Int { bounds[index].start }
}
