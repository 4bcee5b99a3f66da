/// The members of a top-level dictionary whose keys may repeat and are to be sorted, for as long as they come
/// already sorted: each key strictly after the one before it in UTF-8 byte order, and ASCII. Such members are
/// distinct (equal `String`s of ASCII keys have equal bytes) and in the order they are written in, so nothing will
/// move; only their keys' bytes, end to end, each key's length (1 byte) and how far each member's output starts
/// after the one before (4 bytes) are kept (about the key's own bytes plus 5 bytes a member, where a
/// ``QueryWriter/Member`` costs 40 bytes plus, for a key of more than 15 bytes, a `String` allocation of 64 bytes or
/// more; 16 bytes a member for two offsets cost as much as the members of `{"k00000001":12345,…}` themselves:
/// issue 38), in case a later key is out of order after all: then the writer turns them into
/// ``QueryWriter/Member`` values (``QueryWriter/trackInOrderMembers()``) and goes on as it always does. A key longer
/// than 255 bytes, or a member whose output starts 4 GiB or more after the one before, is not kept either.
///
/// A file of two million sorted keys (`Scripts/memory-check`) is written as a form body or query with about 10 MB
/// of bookkeeping beside the keys' bytes (32 MB with two offsets a member), instead of about 210 MB.
struct InOrderMembers {
    /// The number of members in order after which they are moved here: fewer (every query of a struct or a small
    /// dictionary) stay ``QueryWriter/Member`` values, which cost less to keep and to sort (E1-W1).
    static let threshold = 512

    /// Whether the top-level dictionary's members are kept here (not in ``QueryWriter/members``).
    private(set) var isActive = false
    /// Every key's UTF-8 bytes, end to end.
    private var bytes: [UInt8] = []
    /// Each member's key length.
    private var keyLengths: [UInt8] = []
    /// How far each member's output starts after the one before (the first one: after ``firstStart``).
    private var startSteps: [UInt32] = []
    /// Where the first member's output starts.
    private var firstStart = 0
    /// Where the last member's output starts.
    private var lastStart = 0

    /// The number of members kept.
    var count: Int { keyLengths.count }

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
    /// - Returns: `false` (and nothing is kept) when the key is not ASCII, not after the last key, longer than 255
    ///   bytes, or when the member starts 4 GiB or more after the last one.
    mutating func append(_ key: String, isASCII: Bool, start: Int) -> Bool {
        guard isActive, isASCII, key.utf8.count <= Int(UInt8.max) else { return false }
        if let lastLength = keyLengths.last {
            let lastKeyStart = bytes.count - Int(lastLength)
            guard bytes[lastKeyStart...].lexicographicallyPrecedes(key.utf8),
                let step = UInt32(exactly: start - lastStart)
            else { return false }
            startSteps.append(step)
        } else {
            firstStart = start
            startSteps.append(0)
        }
        lastStart = start
        bytes.append(contentsOf: key.utf8)
        keyLengths.append(UInt8(key.utf8.count))
        return true
    }

    /// Calls `body` with the key and output start of each member, in order.
    func forEachMember(_ body: (_ key: String, _ start: Int) -> Void) {
        var keyStart = 0
        var start = firstStart
        for index in keyLengths.indices {
            start += Int(startSteps[index])
            let keyEnd = keyStart + Int(keyLengths[index])
            body(String(decoding: bytes[keyStart..<keyEnd], as: UTF8.self), start)
            keyStart = keyEnd
        }
    }
}
