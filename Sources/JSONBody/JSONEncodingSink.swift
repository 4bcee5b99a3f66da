import Wireform

/// The one JSON writer: every input — a ``Wireform/ParameterValue`` tree
/// (``Wireform/ParameterValue/sendEvents(to:keyOrdering:)``), an `Encodable` value (``Wireform/ValueEncoder``) and
/// JSON text — reaches these rules as ``Wireform/EncodingSink`` events, and they are written here once: string escaping, numbers, dates, data, key order, pretty printing,
/// nesting depth and errors.
///
/// The bytes depend on the options alone, never on the source: ``JSONWritingOptions/jsonEncoderCompatible`` chooses
/// `JSONEncoder`'s bytes where they differ from Wireform's (``writesJSONEncoderBytes``). The source chooses only how
/// a failure is reported and how deep a value may nest (``Flavor``).
///
/// Values are written as they arrive. Each object member's bytes (`"key":value`, without the comma) are one range;
/// when the object ends and its keys were not in order (or one came again), the ranges are copied once through a
/// scratch buffer in the order to write, with the commas between them. A tree sent with sorted keys arrives in
/// order, so nothing moves.
///
/// A problem found where an event cannot throw (a container nested too deep, a top-level scalar) is recorded and
/// thrown by ``finishedBytes()``, or by the next event that fails, whichever comes first; the first problem wins.
struct JSONEncodingSink: EncodingSink {
    /// An open object or array.
    struct Level {
        /// An object rather than an array.
        var isKeyed: Bool
        /// The members or elements begun so far.
        var count = 0
        /// Where the object's members start in ``JSONEncodingSink/members``.
        var memberBase: Int
        /// A Swift `Dictionary`, whose keys are sorted whatever the options.
        var sortsKeys = false
        /// Whether a member's key has a byte beyond ASCII (then byte-exact and canonical equality can differ).
        var hasNonASCIIKey = false
    }

    /// An object member: its key, where its bytes start (after the comma), where its value starts, where it ends.
    struct Member {
        /// The key as it came.
        var key: String
        /// What sorting needs of the key, computed once.
        var sortKey: UTF8Order.SortKey
        /// Where the member's bytes start: its indentation, or its key.
        var start: Int
        /// Where its value's bytes start.
        var valueStart: Int
        /// Where its bytes end, before the comma of the next member.
        var end = 0
    }

    /// The JSON text written so far.
    var bytes: [UInt8] = []
    /// Whose bytes and errors the writer reproduces where they differ.
    let flavor: Flavor
    /// How dates are written.
    let dateEncoding: JSONDateEncoding
    /// How data is written.
    let dataEncoding: JSONDataEncoding
    /// ``JSONWritingOptions/sortedKeys``.
    let sortsKeys: Bool
    /// ``JSONWritingOptions/prettyPrinted``.
    let isPretty: Bool
    /// ``JSONWritingOptions/escapingSlashes``.
    let escapesSlashes: Bool
    /// ``JSONWritingOptions/jsonEncoderCompatible``: `JSONEncoder`'s bytes where they differ from Wireform's.
    let writesJSONEncoderBytes: Bool
    /// The deepest nesting accepted: the flavor's.
    let maximumDepth: Int
    /// Whether a scalar at the top is an error (``Flavor/wireform`` without ``JSONWritingOptions/fragmentsAllowed``).
    let rejectsTopLevelScalars: Bool
    /// The open containers.
    var levels: [Level] = []
    /// The members of the open objects, outermost first (the top-level object's are in ``inOrderMembers`` while
    /// that is active).
    var members: [Member] = []
    /// The top-level object's members while they come sorted, once there are
    /// ``Wireform/SortedMemberRun/threshold`` of them.
    var inOrderMembers = SortedMemberRun()
    /// The first problem found where an event cannot throw.
    var recordedFailure: JSONWriteFailure?
    /// Where an object's members wait while they are written again in a new order, reused.
    var scratch: [UInt8] = []
    /// The order of an object's members, reused.
    var order: [(value: Int, key: Int)] = []

    /// Creates a writer.
    /// - Parameters:
    ///   - options: How the text is written.
    ///   - dateEncoding: How dates are written.
    ///   - dataEncoding: How data is written.
    ///   - flavor: How failures are reported and how deep a value may nest: the source's.
    init(
        options: JSONWritingOptions,
        dateEncoding: JSONDateEncoding,
        dataEncoding: JSONDataEncoding,
        flavor: Flavor
    ) {
        self.flavor = flavor
        self.dateEncoding = dateEncoding
        self.dataEncoding = dataEncoding
        sortsKeys = options.contains(.sortedKeys)
        isPretty = options.contains(.prettyPrinted)
        escapesSlashes = options.contains(.escapingSlashes)
        writesJSONEncoderBytes = options.contains(.jsonEncoderCompatible)
        maximumDepth = flavor.maximumDepth
        rejectsTopLevelScalars = flavor == .wireform && !options.contains(.fragmentsAllowed)
        bytes.reserveCapacity(256)
        levels.reserveCapacity(8)
        members.reserveCapacity(32)
    }

    /// The whole text, once the source has sent its value.
    /// - Returns: The JSON text.
    /// - Throws: The first problem recorded on the way, or ``Wireform/SerializationError`` when the source sent no
    ///   value.
    func finishedBytes() throws -> [UInt8] {
        if let recordedFailure { throw recordedFailure.error(in: flavor) }
        guard !bytes.isEmpty else { throw SerializationError(.unsupportedValue, "The source sent no value") }
        return bytes
    }

    // MARK: Structure

    /// Starts a value: in an array, the comma and indentation before it.
    @inline(__always)  // Every event calls it: J1 −157k, J2 −129k instructions a call (callgrind).
    mutating func beginValue() {
        guard let index = levels.indices.last, !levels[index].isKeyed else { return }
        if levels[index].count > 0 { bytes.append(UInt8(ascii: ",")) }
        levels[index].count &+= 1
        newline()
    }

    /// Starts a scalar: ``beginValue()``, or, at the top, the check that a scalar may stand there.
    /// - Parameter kind: The scalar's kind for the error, such as `a string`.
    @inline(__always)  // Every scalar calls it: J1 −44k, J2 −30k instructions a call (callgrind).
    mutating func beginScalar(_ kind: StaticString) {
        if levels.isEmpty {
            if rejectsTopLevelScalars { record(.topLevelScalar(kind)) }
        } else {
            beginValue()
        }
    }

    /// A newline and two spaces per open container when pretty printing; nothing otherwise.
    mutating func newline() {
        guard isPretty else { return }
        bytes.append(UInt8(ascii: "\n"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: levels.count * 2))
    }

    /// Starts a container: past the flavor's depth limit, the problem is recorded.
    /// - Parameters:
    ///   - isKeyed: An object rather than an array.
    ///   - sortsKeys: A Swift `Dictionary`'s object.
    ///   - bracket: `{` or `[`.
    mutating func beginContainer(isKeyed: Bool, sortsKeys: Bool, bracket: UInt8) {
        if levels.count >= maximumDepth { record(.tooDeep) }
        beginValue()
        bytes.append(bracket)
        levels.append(Level(isKeyed: isKeyed, memberBase: members.count, sortsKeys: sortsKeys))
    }

    /// Closes a container; an empty one pretty-printed is `{}`, or, with ``writesJSONEncoderBytes``, an opening,
    /// two newlines and the closing.
    /// - Parameters:
    ///   - bracket: `}` or `]`.
    ///   - count: The members or elements it has.
    mutating func close(_ bracket: UInt8, count: Int) {
        if isPretty {
            if count == 0 {
                if writesJSONEncoderBytes {
                    bytes.append(UInt8(ascii: "\n"))
                    newline()
                }
            } else {
                newline()
            }
        }
        bytes.append(bracket)
    }

    /// Starts an array; a set's members come in the source's order (a tree's are canonical already).
    mutating func beginUnkeyed(isSet: Bool) {
        beginContainer(isKeyed: false, sortsKeys: false, bracket: UInt8(ascii: "["))
    }

    /// Ends an array.
    mutating func endUnkeyed() {
        let level = levels.removeLast()
        close(UInt8(ascii: "]"), count: level.count)
    }
}
