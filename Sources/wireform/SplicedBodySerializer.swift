import Wireform

/// How the body of a whole top-level dictionary is made from the bodies of groups of its keys: each group's body is a
/// header, a middle and a footer; the whole body is the first group's header, the groups' middles (non-empty ones
/// joined by ``separator``) and the footer.
///
/// This holds because every format writes a dictionary's members one after another, each independent of the
/// others: `{` `"k":v` `,` … `}` in JSON, `name=value` pairs joined by `&` in a form, `<key>`/value elements
/// inside `<dict>` in an XML property list, one part per value in multipart. A binary property list (one object
/// table with offsets for the whole document) cannot be joined this way; it is always built from one tree.
enum SpliceRule: Sendable {
    case json
    case form
    case xmlPropertyList
    /// Groups end with `--BOUNDARY--\r\n`; the footer is the body of the `--field` and `--file` parts.
    case multipart(boundary: String)
    /// Not split: groups are joined object by object (``BinaryPropertyListGroup``).
    case binaryPropertyList

    /// Between two non-empty middles.
    var separator: [UInt8] {
        switch self {
        case .json: return [UInt8(ascii: ",")]
        case .form: return [UInt8(ascii: "&")]
        case .xmlPropertyList, .multipart, .binaryPropertyList: return []
        }
    }

    /// Splits a group's body into header, middle and footer, or `nil` when it does not have the expected shape.
    func split(_ body: [UInt8]) -> (header: Range<Int>, middle: Range<Int>, footer: Range<Int>)? {
        let count = body.count
        switch self {
        case .json:
            guard count >= 2, body[0] == UInt8(ascii: "{"), body[count - 1] == UInt8(ascii: "}") else { return nil }
            return (0..<1, 1..<count - 1, count - 1..<count)
        case .form:
            return (0..<0, 0..<count, count..<count)
        case .xmlPropertyList:
            let open = Array("<dict>\n".utf8)
            let close = Array("</dict>\n</plist>\n".utf8)
            guard let headerEnd = Self.end(of: open, in: body), count - close.count >= headerEnd,
                body[(count - close.count)...].elementsEqual(close)
            else { return nil }
            return (0..<headerEnd, headerEnd..<count - close.count, count - close.count..<count)
        case .multipart(let boundary):
            let close = Array("--\(boundary)--\r\n".utf8)
            guard count >= close.count, body[(count - close.count)...].elementsEqual(close) else { return nil }
            return (0..<0, 0..<count - close.count, count - close.count..<count)
        case .binaryPropertyList:
            return nil
        }
    }

    private static func end(of needle: [UInt8], in body: [UInt8]) -> Int? {
        guard body.count >= needle.count else { return nil }
        for start in 0...(body.count - needle.count) where body[start..<start + needle.count].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }
}

/// A registered format used for ``LargeParameters``: it serializes each group of top-level members with the format
/// itself and streams the joined bodies (``SpliceRule``), so the whole body never sits in memory.
///
/// It is registered only for a request whose parameters are ``source``; the tree ``serialize(_:)`` receives is an
/// empty stand-in. The first pass, when the request is built, checks every group (so a format's error is thrown
/// before anything is written, as usual) and adds up the length for `Content-Length`; each use of the body
/// serializes the groups again, one at a time, and fails if a group's bytes differ in length from the first pass.
struct SplicedBodySerializer: BodySerializer {
    /// The format.
    let inner: any BodySerializer
    /// How its group bodies join.
    let rule: SpliceRule
    /// The parameters.
    let source: LargeParameters
    /// Whether keys are written sorted.
    let sortsKeys: Bool
    /// For multipart: the format with the `--field` and `--file` parts, whose body without parameters ends the
    /// whole body (``inner`` has no such parts, so that they are not repeated in every group).
    var trailer: (any BodySerializer)? = nil

    var mediaType: MediaType { inner.mediaType }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        let order = source.order(sorted: sortsKeys)
        let groups = source.groups(of: order)
        if case .binaryPropertyList = rule {
            return try joinBinaryPropertyLists(order: order, groups: groups, context: context)
        }
        var middleLengths: [Int] = []
        middleLengths.reserveCapacity(groups.count)
        var contentType: MediaType?
        var header: [UInt8] = []
        var footer: [UInt8] = []
        for group in groups {
            let body = try inner.serialize(try source.dictionary(of: order[group]), context: context)
            let bytes = try Self.collect(body.body)
            guard let parts = rule.split(bytes) else { throw Self.shapeError() }
            if let contentType {
                guard body.contentType == contentType, bytes[parts.header].elementsEqual(header),
                    bytes[parts.footer].elementsEqual(footer)
                else { throw Self.shapeError() }
            } else {
                contentType = body.contentType
                header = Array(bytes[parts.header])
                footer = Array(bytes[parts.footer])
            }
            middleLengths.append(parts.middle.count)
        }
        let tail: RequestBody
        if case .multipart = rule {
            // The `--field` and `--file` parts, streamed from disk, and the closing delimiter.
            tail = try (trailer ?? inner).serialize(.dictionary([:]), context: context).body
        } else {
            tail = RequestBody(bytes: footer)
        }
        guard let contentType, case .known(let tailLength) = tail.length else { throw Self.shapeError() }
        let nonEmpty = middleLengths.filter { $0 > 0 }
        let length =
            Int64(header.count) + Int64(nonEmpty.reduce(0, +))
            + Int64(max(0, nonEmpty.count - 1) * rule.separator.count) + tailLength
        let plan = SplicePlan(
            serializer: self, order: order, groups: groups, middleLengths: middleLengths, header: header, tail: tail)
        return SerializedBody(
            contentType: contentType,
            body: RequestBody(length: .known(length)) { SplicedBodyReader(plan: plan) }
        )
    }

    /// The first pass for a binary property list: every group's objects counted and measured, and the root
    /// dictionary's references worked out.
    private func joinBinaryPropertyLists(
        order: [UInt32],
        groups: [Range<Int>],
        context: BodySerializationContext
    ) throws -> SerializedBody {
        var keyReferences: [UInt32] = []
        keyReferences.reserveCapacity(order.count)
        var contentType: MediaType?
        var base = 1
        var fixed = 0
        var references = 0
        for group in groups {
            let body = try inner.serialize(try source.dictionary(of: order[group]), context: context)
            guard let plist = BinaryPropertyListGroup(try Self.collect(body.body)),
                let root = plist.container(at: 0), root.references == 2 * group.count,
                contentType == nil || contentType == body.contentType
            else { throw Self.shapeError() }
            contentType = body.contentType
            for position in 0..<group.count {
                let key = plist.reference(position, inContainerAt: 0, headerLength: root.headerLength)
                let value = plist.reference(group.count + position, inContainerAt: 0, headerLength: root.headerLength)
                // The writer adds each key's object, then its value's: only the key's number needs keeping.
                guard key >= 1, value == key + 1 else { throw Self.shapeError() }
                keyReferences.append(UInt32(truncatingIfNeeded: base + key - 1))
            }
            let measured = plist.measure()
            fixed += measured.fixed
            references += measured.references
            base += plist.objectCount - 1
        }
        guard let contentType else { throw Self.shapeError() }
        let objectCount = base
        let referenceSize = BinaryPropertyListGroup.byteCount(for: objectCount)
        var rootMarker: [UInt8] = []
        BinaryPropertyListGroup.appendMarker(0xD0, count: order.count, to: &rootMarker)
        let rootLength = rootMarker.count + 2 * order.count * referenceSize
        let objectsEnd = 8 + rootLength + references * referenceSize + fixed
        let offsetSize = BinaryPropertyListGroup.byteCount(for: objectsEnd)
        let length = objectsEnd + objectCount * offsetSize + 32
        let plan = BinaryPropertyListJoinPlan(
            serializer: self, order: order, groups: groups, keyReferences: keyReferences, objectCount: objectCount,
            rootLength: rootLength, referenceSize: referenceSize, offsetSize: offsetSize, objectsEnd: objectsEnd,
            length: length)
        return SerializedBody(
            contentType: contentType,
            body: RequestBody(length: .known(Int64(length))) { BinaryPropertyListJoinReader(plan: plan) }
        )
    }

    /// The body of one group, in memory (a few megabytes).
    static func collect(_ body: RequestBody) throws -> [UInt8] {
        if let bytes = body.bytes { return bytes }
        var reader = try body.makeReader()
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0) }
            if count == 0 { return bytes }
            bytes.append(contentsOf: buffer[..<count])
        }
    }

    static func shapeError() -> SerializationError {
        SerializationError(
            .serializerFailed,
            "The body of a large --params object could not be produced in parts: a part has an unexpected shape"
        )
    }
}

/// What ``SplicedBodyReader`` needs: the groups, the lengths the first pass found, the header and the tail.
struct SplicePlan: Sendable {
    let serializer: SplicedBodySerializer
    let order: [UInt32]
    let groups: [Range<Int>]
    let middleLengths: [Int]
    let header: [UInt8]
    let tail: RequestBody
}

/// Produces the joined body: the header, each group's middle (serialized again, one group at a time), the tail.
struct SplicedBodyReader: BodyReader {
    let plan: SplicePlan
    private var pending: [UInt8] = []
    private var pendingOffset = 0
    private var nextGroup = 0
    private var hasStarted = false
    private var hasWrittenMiddle = false
    private var tail: (any BodyReader)?

    init(plan: SplicePlan) { self.plan = plan }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        while true {
            if let count = handOutPending(pending, from: &pendingOffset, into: buffer) { return count }
            if var reader = tail {
                let count = try reader.read(into: buffer)
                tail = reader
                return count
            }
            pending = []
            pendingOffset = 0
            if !hasStarted {
                hasStarted = true
                pending = plan.header
            } else if nextGroup < plan.groups.count {
                try loadGroup()
            } else {
                tail = try plan.tail.makeReader()
            }
        }
    }

    private mutating func loadGroup() throws {
        let serializer = plan.serializer
        let group = plan.groups[nextGroup]
        let body = try serializer.inner.serialize(try serializer.source.dictionary(of: plan.order[group]))
        let bytes = try SplicedBodySerializer.collect(body.body)
        guard let parts = serializer.rule.split(bytes), parts.middle.count == plan.middleLengths[nextGroup] else {
            throw SerializationError(
                .lengthMismatch,
                "The body of a large --params object changed between its two passes (group \(nextGroup + 1))"
            )
        }
        nextGroup += 1
        guard !parts.middle.isEmpty else { return }
        if hasWrittenMiddle { pending.append(contentsOf: serializer.rule.separator) }
        hasWrittenMiddle = true
        pending.append(contentsOf: bytes[parts.middle])
    }
}
