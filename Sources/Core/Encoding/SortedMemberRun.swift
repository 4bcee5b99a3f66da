/// The members of a large top-level dictionary that a text writer (JSON, XML property list) has written, for as long
/// as their keys come strictly in UTF-8 byte order, are ASCII and stand unescaped in the output: such members are
/// distinct and already in the order to write, so nothing will move, and only where each member starts and its
/// key's length are kept (9 bytes a member, where a writer's member record costs about 56 bytes plus, for a key of
/// more than 15 bytes, a `String` allocation of 64 bytes or more). The key is read back from the output. If a later
/// key is out of order after all, the writer turns them back into its records and goes on as it always does.
///
/// A member's bytes are laid out as `keyOffset` bytes (indentation, an opening quote or tag), the key, then
/// `valueOffset` bytes (a closing quote or tag and a separator) before its value; a key written escaped is longer,
/// so it is not kept. The writer knows where each member ends (where the next one starts, less any separator).
package struct SortedMemberRun {
    /// The number of members in order after which a writer moves them here: fewer (every struct and small
    /// dictionary) stay the writer's records, at one compare a member (J2).
    package static let threshold = 512

    /// Whether the top-level dictionary's members are kept here.
    package private(set) var isActive = false
    /// Bytes from a member's start to its key.
    private var keyOffset = 0
    /// Bytes from the end of a key to its value.
    private var valueOffset = 0
    /// Where each member starts in the output.
    private var starts: [Int] = []
    /// Each member's key length (keys of at most 255 bytes are kept here).
    private var keyLengths: [UInt8] = []

    /// An empty run, not active.
    package init() {}

    /// The number of members kept.
    package var count: Int { starts.count }

    /// Starts keeping members laid out with these offsets.
    /// - Parameters:
    ///   - keyOffset: Bytes from a member's start to its key.
    ///   - valueOffset: Bytes from the end of a key to its value.
    package mutating func activate(keyOffset: Int, valueOffset: Int) {
        self = SortedMemberRun()
        isActive = true
        self.keyOffset = keyOffset
        self.valueOffset = valueOffset
    }

    /// Stops keeping members and frees the storage.
    package mutating func deactivate() {
        self = SortedMemberRun()
    }

    /// Keeps a member whose bytes start at `start` and whose value starts at `valueStart` in `output`, when its key
    /// stands there unescaped and comes strictly after the last key kept.
    /// - Parameters:
    ///   - key: The member's key.
    ///   - isASCII: Whether the key is ASCII.
    ///   - start: Where the member starts in `output`.
    ///   - valueStart: Where its value starts in `output`.
    ///   - output: The writer's output.
    /// - Returns: `false` (and nothing is kept) when the key is escaped, not ASCII, longer than 255 bytes or not
    ///   after the last key.
    package mutating func append(
        _ key: String, isASCII: Bool, start: Int, valueStart: Int, output: [UInt8]
    ) -> Bool {
        // The array's storage, lent for the call (the writers that keep their output in a buffer pass it directly).
        output.withUnsafeBufferPointer {
            append(key, isASCII: isASCII, start: start, valueStart: valueStart, output: $0)
        }
    }

    /// Keeps a member, as the version for an array output does, for a writer whose output is a buffer.
    /// - Parameters:
    ///   - key: The member's key.
    ///   - isASCII: Whether the key is ASCII.
    ///   - start: Where the member starts in `output`.
    ///   - valueStart: Where its value starts in `output`.
    ///   - output: The writer's output so far.
    /// - Returns: Whether the member is kept.
    // `output` is the writer's own buffer, read in place (JSON's array or the property lists' realloc buffer; no copy).
    package mutating func append(
        _ key: String, isASCII: Bool, start: Int, valueStart: Int, output: UnsafeBufferPointer<UInt8>
    ) -> Bool {
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

    /// The member at `index`: its key (read from `output`), where it starts and where its value starts.
    /// - Parameters:
    ///   - index: The member's position, from 0.
    ///   - output: The writer's output.
    /// - Returns: The key, the member's start and its value's start.
    package func member(at index: Int, output: [UInt8]) -> (key: String, start: Int, valueStart: Int) {
        // The array's storage, lent for the call.
        output.withUnsafeBufferPointer { member(at: index, output: $0) }
    }

    /// The member at `index`, as the version for an array output gives it, for a writer whose output is a buffer.
    /// - Parameters:
    ///   - index: The member's position, from 0.
    ///   - output: The writer's output so far.
    /// - Returns: The key, the member's start and its value's start.
    // `output` is the writer's own buffer, read in place (a key is read back from the output, not kept twice).
    package func member(
        at index: Int, output: UnsafeBufferPointer<UInt8>
    ) -> (key: String, start: Int, valueStart: Int) {
        let keyStart = starts[index] + keyOffset
        let length = Int(keyLengths[index])
        let key = String(decoding: output[keyStart..<(keyStart + length)], as: UTF8.self)
        return (key, starts[index], keyStart + length + valueOffset)
    }

    /// Where the member at `index` starts.
    /// - Parameter index: The member's position, from 0.
    /// - Returns: Its start in the output.
    package func start(at index: Int) -> Int { starts[index] }
}
