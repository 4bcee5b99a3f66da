#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one writer of ``StandardQueryStyle``: every query string, form body, list of pairs
/// (``StandardQueryStyle/appendPairs(for:to:)``) and set of multipart fields is written here, from ``EncodingSink``
/// events, whatever their source — a ``ParameterValue`` tree (``ParameterValue/sendEvents(to:keyOrdering:)``), an
/// `Encodable` value (``ValueEncoder``, through ``Box``) or JSON text. Generic over where the pairs go:
/// ``EscapedQuerySink`` for escaped bytes, ``QueryPairSink`` for pairs, ``QueryFieldSink`` for multipart fields.
///
/// Dictionaries whose keys go into the name (`brackets`, `dotted`, `deepObject`), exploded dictionaries and arrays
/// written `brackets`, `indexed`, `repeated` or `custom` are streamed: each pair is written as its value arrives,
/// with the name kept as a stack. Each member of a dictionary is a range of the output; when the dictionary ends,
/// the ranges are put in key order. A dictionary sent with distinct keys in the writer's own order (a tree sent
/// with the style's ``StandardQueryStyle/keyOrdering``) moves nothing and keeps no ranges. A delimited list (an
/// array or a dictionary) keeps its items' texts and writes one pair when it ends. A set is the one container kept
/// whole before it is written: its members are sorted by their text (``ParameterValue/canonicalSetMembers(_:)``)
/// and sent back into this writer as an array that ``StandardQueryStyle/sets`` names.
///
/// Repeated keys: in a dictionary whose keys may repeat (``EncodingSink/beginKeyed(sortsKeys:)``: an `Encodable`
/// value, JSON text), keys are the same when they are equal `String`s (canonically equivalent, `"é"` and
/// `"e\u{301}"`, as in a Swift `Dictionary` and `JSONEncoder`). A key that comes again keeps its first position and
/// its first spelling and takes its last value, for every source: `a=1, é=2, e\u{301}=3` is written `a=1&%C3%A9=3`.
/// A ``ParameterDictionary`` compares keys by their bytes, so a tree's `"é"` and `"e\u{301}"` are two keys and two
/// pairs (``EncodingSink/beginKeyed(distinctKeysIn:)``).
///
/// Errors are kept, not thrown: members are written in key order, so the first error in that order is the one
/// thrown by ``finish()``, after the last event. Errors of the source (``ValueEncoder``'s) are thrown by the source.
struct QueryWriter<Output: QuerySink & ~Copyable>: EncodingSink, ~Copyable {
    /// What an open container is, and so how its members are named.
    enum Kind: UInt8 {
        /// A dictionary whose keys go into the name: `key`, `key[sub]`, `key.sub`.
        case keyed
        /// A parameter's dictionary whose keys are names of their own (OpenAPI `form`, `explode: true`).
        case exploded
        /// A dictionary written as one delimited list of keys and values.
        case delimitedKeyed
        /// A nested exploded dictionary: an error if it has a member, an empty container if not.
        case refusedExploded
        /// An array whose elements are named `key[]`.
        case brackets
        /// An array whose elements are named `key[0]`, `key[1]`, ….
        case indexed
        /// An array whose elements are all named `key`.
        case repeated
        /// An array written as one delimited list.
        case list
        /// An array whose elements are named by a ``StandardQueryStyle/ArrayEncoding/custom(_:)`` closure.
        case custom
    }

    /// An open container.
    struct Level {
        /// What the container is.
        var kind: Kind
        /// The name's length when the container started.
        var nameBase: Int
        /// Where its members start in ``members`` (keyed, exploded), ``delimitedMembers`` (delimited keyed) or
        /// ``listItems`` (list); its name's index in ``savedNames`` (custom).
        var memberBase: Int
        /// Members or elements so far.
        var count = 0
        /// Containers above it: 0 for the top-level dictionary.
        var depth: Int
        /// Whether its members' ranges are kept, to be sorted or merged when it ends.
        var tracksMembers = false
        /// Whether its keys can repeat (not a ``ParameterDictionary``).
        var mergesRepeatedKeys = false
        /// Whether its members are written sorted by key.
        var sortsKeys = false
        /// A set's members, named by ``StandardQueryStyle/sets``.
        var isSet = false
        /// The delimiter of a delimited list.
        var delimiter = ListDelimiter.comma
        /// Its index in ``spellings`` once a key that is not ASCII came, or -1.
        var spellingIndex = -1
    }

    /// A member of an open dictionary: its key and where its output starts (it ends where the next member's
    /// starts, the last at the end of the output).
    struct Member {
        /// The key, in its first spelling.
        var key: String
        /// Where its output starts.
        var start: Int
        /// What sorting needs of the key.
        var sortKey: UTF8Order.SortKey
    }

    /// A member of an open delimited dictionary: its key and its value's text, or the error of its value.
    struct DelimitedMember {
        /// The key, in its first spelling.
        var key: String
        /// What sorting needs of the key.
        var sortKey: UTF8Order.SortKey
        /// The value's text.
        var text = ""
        /// The value's error, when it cannot be an item of the list.
        var error: SerializationError?
    }

    /// The writer's state for delimited lists and dictionaries, exploded and custom names, keys that are not
    /// ASCII, a set being kept, errors inside members and long sorted top-level dictionaries.
    struct SideState {
        /// The top-level dictionary's members while they come sorted, once there are
        /// ``InOrderMembers/threshold`` of them (then not in ``QueryWriter/members``).
        var inOrderMembers = InOrderMembers()
        /// The members of open delimited dictionaries.
        var delimitedMembers: [DelimitedMember] = []
        /// The items of open delimited lists.
        var listItems: [String] = []
        /// The unescaped names of open custom-named arrays and exploded dictionaries.
        var savedNames: [String] = []
        /// For each open dictionary that has had a key that is not ASCII: its keys' first spellings, by `String`
        /// equality.
        var spellings: [[String: String]] = []
        /// Builds the set being kept, which is written whole when it ends.
        var buffer = ParameterTreeSink()
        /// The first error inside each open member that has one (by its index in ``QueryWriter/members``),
        /// innermost last.
        var memberErrors: [(member: Int, error: SerializationError)] = []
    }

    /// The style whose rules are written.
    let style: StandardQueryStyle
    /// Where the pairs go.
    var output: Output
    /// The open containers, innermost last.
    var levels = ValueStack<Level>(capacity: 8)
    /// The members of open dictionaries whose ranges are kept, innermost last.
    // Allocated at the first member kept (a tree keeps none: W1 14,423 → 14,144 instructions a call); 24 members
    // (40 bytes each) stay within the allocator's fast per-thread cache (glibc: up to 1,032 bytes).
    var members = ValueStack<Member>(firstCapacity: 24)
    /// What only some values need, made at its first use (``updateSide(_:)``): `nil` for a query of dictionaries,
    /// arrays and scalars in a bracket or dotted style without errors, so that such a query (every harness row)
    /// ends without destroying ten empty arrays (W1, W2: 12 → 2 releases, about 215 instructions a call).
    var side: SideState?
    /// Whether the top-level dictionary's keys are to be sorted and its members are not yet checked for coming in
    /// order (once, at ``InOrderMembers/threshold`` members).
    var keysComeSorted = false
    /// How deep the set being kept is nested in itself; 0 when none is being kept.
    var bufferDepth = 0
    /// The depth of a container being skipped after its error.
    var skipDepth = 0
    /// The first error outside any member.
    var error: SerializationError?

    /// A writer for a style, into an output.
    init(style: StandardQueryStyle, output: consuming Output) {
        self.style = style
        self.output = output
    }

    /// Changes the side state, made first when there is none.
    mutating func updateSide<Result>(_ change: (inout SideState) throws -> Result) rethrows -> Result {
        if side == nil { side = SideState() }
        // Made just above when it was missing.
        return try change(&side!)
    }

    /// The errors inside open members (none without a side state).
    var memberErrors: [(member: Int, error: SerializationError)] { side?.memberErrors ?? [] }

    /// Whether the top-level dictionary's members are kept in order as bytes (``InOrderMembers``).
    var keepsInOrderMembers: Bool { side?.inOrderMembers.isActive == true }

    /// Throws the first error in the order the pairs are written, if any.
    func finish() throws(SerializationError) {
        if let error { throw error }
    }

    // MARK: Errors

    /// Keeps an error: in the innermost open member, or as the error of the whole value.
    mutating func record(_ newError: SerializationError) {
        // An error in the top-level dictionary's current member is kept with that member.
        if keepsInOrderMembers, members.count == 0 { trackInOrderMembers() }
        if let last = members.lastIndex {
            if memberErrors.last?.member != last { updateSide { $0.memberErrors.append((last, newError)) } }
        } else if error == nil {
            error = newError
        }
    }

    /// Keeps the error of a value that is not a dictionary at the top level.
    mutating func rejectTopLevel(_ kind: String) {
        if error == nil {
            error = SerializationError(
                .unsupportedValue, "Query and form parameters must be a dictionary at the top level, not \(kind)")
        }
    }

    /// The current name, unescaped, for an error message: at most 200 bytes of it.
    var nameText: String {
        let name = output.unescapedName()
        let limit = 200
        if name.count <= limit { return String(decoding: name, as: UTF8.self) }
        return String(decoding: name.prefix(limit), as: UTF8.self) + "…"
    }

    /// The error of a container nested deeper than ``ParameterValue/maximumDepth``.
    var tooDeep: SerializationError {
        SerializationError(
            .unsupportedValue, "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(nameText)'")
    }
}

extension QueryWriter<EscapedQuerySink> {
    /// A writer of an escaped query for a style.
    init(style: StandardQueryStyle, spaceEncoding: PercentEncoding.SpaceEncoding) {
        // Room for a typical query up front: a value's escaping reserves three bytes for each of its bytes.
        // Every pair starts with `&` (members move when they are sorted); the first one's is dropped at the end.
        let output = EscapedQuerySink(
            spaceEncoding: spaceEncoding, reservedCharacters: style.reservedCharacters, capacity: 1024)
        self.init(style: style, output: output)
    }

    /// Appends the query to `bytes`, or throws the first error in the order the pairs are written.
    func finish(appendingTo bytes: inout [UInt8]) throws(SerializationError) {
        try finish()
        output.copyOutput(droppingFirst: 1, to: &bytes)
    }

    /// The query as `Data` that owns the writer's buffer (no copy: a large form body is never held twice), or
    /// throws the first error in the order the pairs are written.
    mutating func finishData() throws(SerializationError) -> Data {
        try finish()
        return output.takeOutput(droppingFirst: 1)
    }

    /// `prefix` followed by the query, as text (the query moves out of the writer's buffer), or throws the first
    /// error in the order the pairs are written.
    mutating func finishText(after prefix: String) throws(SerializationError) -> String {
        try finish()
        return output.moveOutput(after: prefix, droppingFirst: 1)
    }

    /// The query as text, or throws the first error in the order the pairs are written.
    func finishString() throws(SerializationError) -> String {
        try finish()
        return output.outputString(droppingFirst: 1)
    }
}
