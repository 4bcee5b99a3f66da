/// The members of a top-level dictionary whose keys may repeat and are to be sorted, for as long as they come
/// already sorted: each key strictly after the one before it in UTF-8 byte order, and ASCII. Such members are
/// distinct (equal `String`s of ASCII keys have equal bytes) and in the order they are written in, so nothing will
/// move; only their keys' bytes, end to end, and where each member's output starts are kept (about the key's own
/// bytes plus 16 bytes a member, where a ``QueryWriter/Member`` costs 40 bytes plus, for a key of more than 15 bytes,
/// a `String` allocation of 64 bytes or more), in case a later key is out of order after all: then the writer turns
/// them into ``QueryWriter/Member`` values (``QueryWriter/trackInOrderMembers()``) and goes on as it always does.
///
/// A file of two million sorted keys (`Scripts/memory-check`) is written as a form body or query with about 33 MB
/// of bookkeeping instead of about 210 MB.
struct InOrderMembers {
    /// The number of members in order after which they are moved here: fewer (every query of a struct or a small
    /// dictionary) stay ``QueryWriter/Member`` values, which cost less to keep and to sort (E1-W1).
    static let threshold = 512

    /// Whether the top-level dictionary's members are kept here (not in ``QueryWriter/members``).
    private(set) var isActive = false
    /// Every key's UTF-8 bytes, end to end.
    private var bytes: [UInt8] = []
    /// For each member: where its key ends in ``bytes`` and where its output starts.
    private var bounds: [(keyEnd: Int, start: Int)] = []

    /// The number of members kept.
    var count: Int { bounds.count }

    /// Starts keeping the members of a new top-level dictionary.
    mutating func activate() {
        self = InOrderMembers()
        isActive = true
    }

    /// Stops keeping members and frees the storage.
    mutating func deactivate() {
        self = InOrderMembers()
    }

    /// Keeps a member whose output starts at `start`, when its key is ASCII and comes strictly after the last key
    /// kept.
    /// - Returns: `false` (and nothing is kept) when the key is not ASCII or not after the last key.
    mutating func append(_ key: String, isASCII: Bool, start: Int) -> Bool {
        guard isActive, isASCII else { return false }
        if let last = bounds.last {
            let lastStart = bounds.count > 1 ? bounds[bounds.count - 2].keyEnd : 0
            guard bytes[lastStart..<last.keyEnd].lexicographicallyPrecedes(key.utf8) else { return false }
        }
        bytes.append(contentsOf: key.utf8)
        bounds.append((bytes.count, start))
        return true
    }

    /// The key and output start of the member at `index`.
    func member(at index: Int) -> (key: String, start: Int) {
        let keyStart = index == 0 ? 0 : bounds[index - 1].keyEnd
        return (String(decoding: bytes[keyStart..<bounds[index].keyEnd], as: UTF8.self), bounds[index].start)
    }
}
