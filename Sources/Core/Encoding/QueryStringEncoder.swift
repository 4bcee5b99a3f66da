#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes an `Encodable` value straight to the escaped query of the default ``StandardQueryStyle`` (brackets), with
/// no parameter tree: the bytes `StandardQueryStyle().queryString(for: ParameterEncoder().encode(value))` writes.
///
/// Pairs are written as values are encoded, each as `&name=value`, with the escaped name kept as a stack (as
/// ``EscapedQuerySink`` keeps it). Each dictionary member's pairs form one byte range; when the dictionary ends and
/// its keys were not already in UTF-8 order, the ranges are copied once through a scratch buffer in sorted order,
/// which is the order the query style writes. The first `&` is dropped at the end.
///
/// Anything else ends the attempt with ``Fallback`` and the general path runs: a top level that is not a
/// dictionary, a `Set` (written sorted by value), nested containers asked for by key, `superEncoder()`, a second
/// container for one value, a repeated key, a value that encodes nothing, a non-finite number, a date ISO 8601
/// cannot write, nesting near the limit, and every error.
final class QueryStringEncoder {
    /// The attempt is abandoned; the general path takes over.
    struct Fallback: Error {}

    /// A dictionary member: its key and the byte range of its pairs.
    struct Member {
        var key: String
        var start: Int
        var end: Int
    }

    /// One value being encoded.
    struct Frame {
        enum Kind {
            case empty
            case keyed
            case unkeyed
            case single
        }

        var id: Int
        var kind = Kind.empty
        var count = 0
        var nameBase = 0
        var memberBase = 0
    }

    // Only this encoder's own synchronous calls touch the state, one at a time: no runtime exclusivity checks.
    @exclusivity(unchecked) var output = QueryByteWriter(capacity: 1024)
    @exclusivity(unchecked) var name = QueryByteWriter(capacity: 64)
    @exclusivity(unchecked) private var scratch: [UInt8] = []
    @exclusivity(unchecked) private var numberText: [UInt8] = []
    @exclusivity(unchecked) var members: [Member] = []
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var path: [any CodingKey] = []
    @exclusivity(unchecked) private var nextFrameID = 0
    @exclusivity(unchecked) var isAbandoned = false
    private let table: UnsafePointer<UInt32>

    init(spaceEncoding: PercentEncoding.SpaceEncoding) {
        table = spaceEncoding == .plus ? EscapeTable.queryComponentPlus : EscapeTable.queryComponentPercent20
        // Room for typical values up front, so the stacks do not grow one step at a time.
        frames.reserveCapacity(8)
        members.reserveCapacity(32)
        path.reserveCapacity(8)
    }

    /// Appends the query for a value to `bytes`; `false` (and `bytes` unchanged) when the general path must run.
    static func appendQuery<Value: Encodable>(
        encoding value: Value,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) -> Bool {
        let encoder = QueryStringEncoder(spaceEncoding: spaceEncoding)
        do {
            try encoder.encodeTopLevel(value)
        } catch {
            return false
        }
        let output = encoder.output.count > 0 ? 1 : 0  // the first pair's `&`
        bytes.append(
            contentsOf: UnsafeBufferPointer(
                start: encoder.output.base + output, count: max(0, encoder.output.count - output)))
        return true
    }

    private func encodeTopLevel<Value: Encodable>(_ value: Value) throws {
        if Self.isScalar(Value.self) { throw Fallback() }  // the top level must be a dictionary
        try encodeComposite(value, topLevel: true)
    }

    @inline(__always)
    func checkCurrent(_ id: Int) throws {
        guard !isAbandoned, let last = frames.last, last.id == id else { throw Fallback() }
    }

    // MARK: Values

    /// Whether a type is written as one value without containers.
    private static func isScalar<Value>(_ type: Value.Type) -> Bool {
        Value.self == String.self || Value.self == Int.self || Value.self == Bool.self || Value.self == Double.self
            || Value.self == Float.self || Value.self == Date.self || Value.self == Data.self || Value.self == URL.self
            || Value.self == Decimal.self
    }

    /// Writes a value of a type with a fixed conversion; `false` for any other type.
    @inline(__always)
    func encodeKnown<Value: Encodable>(_ value: Value) throws -> Bool {
        if Value.self == String.self {
            writeText(Self.reinterpret(value, as: String.self))
        } else if Value.self == Int.self {
            writeInteger(Int64(Self.reinterpret(value, as: Int.self)))
        } else if Value.self == Bool.self {
            writeBool(Self.reinterpret(value, as: Bool.self))
        } else if Value.self == Double.self {
            try writeNumber(ParameterNumber(Self.reinterpret(value, as: Double.self)))
        } else if Value.self == Float.self {
            try writeNumber(ParameterNumber(Self.reinterpret(value, as: Float.self)))
        } else if Value.self == Date.self {
            let date = Self.reinterpret(value, as: Date.self)
            guard ISO8601Text.isRepresentable(date), let text = try? ISO8601Text.string(from: date) else {
                throw Fallback()
            }
            writeText(text)
        } else if Value.self == Data.self {
            startPair(withEquals: true)
            let table = table
            Self.reinterpret(value, as: Data.self).withUnsafeBytes { raw in
                output.append(escaping: raw.bindMemory(to: UInt8.self), table: table)
            }
        } else if Value.self == URL.self {
            writeText(Self.reinterpret(value, as: URL.self).absoluteString)
        } else if Value.self == Decimal.self {
            try writeNumber(ParameterNumber(Self.reinterpret(value, as: Decimal.self)))
        } else {
            return false
        }
        return true
    }

    /// Writes an array of strings or integers, the common array members, as `name[]=…` pairs without the unkeyed
    /// container `Array.encode(to:)` would ask for (one dynamic call per element); `false` for any other type.
    /// An empty array writes nothing, as through the container.
    @inline(__always)
    func encodeKnownArray<Value: Encodable>(_ value: Value) throws -> Bool {
        let isStrings = Value.self == [String].self
        guard isStrings || Value.self == [Int].self else { return false }
        // The limit encodeComposite keeps: near it, the general path reports the depth.
        guard frames.count < ParameterValue.maximumDepth - 2 else { throw Fallback() }
        let base = name.count
        name.append(escapingByte: UInt8(ascii: "["), table: table)
        name.append(escapingByte: UInt8(ascii: "]"), table: table)
        if isStrings {
            for element in Self.reinterpret(value, as: [String].self) { writeText(element) }
        } else {
            for element in Self.reinterpret(value, as: [Int].self) { writeInteger(Int64(element)) }
        }
        name.truncate(to: base)
        return true
    }

    /// Writes a value that encodes itself through containers.
    func encodeComposite<Value: Encodable>(_ value: Value, topLevel: Bool = false) throws {
        // Well inside the query style's limit, which reports the exact depth when it is passed.
        guard frames.count < ParameterValue.maximumDepth - 2 else { throw Fallback() }
        nextFrameID &+= 1
        frames.append(Frame(id: nextFrameID, nameBase: name.count, memberBase: members.count))
        try value.encode(to: self)
        guard !isAbandoned, let frame = frames.popLast() else { throw Fallback() }
        switch frame.kind {
        case .empty:
            throw Fallback()
        case .single:
            if topLevel { throw Fallback() }
        case .unkeyed:
            if topLevel || Self.mayBeSet(Value.self) { throw Fallback() }
            name.truncate(to: frame.nameBase)
        case .keyed:
            try finishDictionary(frame)
        }
    }

    /// Whether a type that wrote an unkeyed container may be a `Set` (written sorted, by the general path). The
    /// common array types are ruled out by comparing metatypes, which costs far less than the conformance check.
    @inline(__always)
    private static func mayBeSet<Value>(_ type: Value.Type) -> Bool {
        if Value.self == [String].self || Value.self == [Int].self || Value.self == [Double].self { return false }
        return Value.self is any EncodingSetMarker.Type
    }

    /// The value as the type it is known to be (the caller compared the metatypes).
    @inline(__always)
    private static func reinterpret<Value, Target>(_ value: Value, as type: Target.Type) -> Target {
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: Target.self, capacity: 1) { $0.pointee } }
    }

    // MARK: Pairs

    @inline(__always)
    private func startPair(withEquals: Bool) {
        output.appendPairStart(name: name, isFirst: false, withEquals: withEquals)
    }

    /// A pair with a text value.
    func writeText(_ text: String) {
        startPair(withEquals: true)
        output.append(escaping: text, table: table)
    }

    /// A pair with `1` or `0` (the default numeric booleans).
    func writeBool(_ value: Bool) {
        startPair(withEquals: true)
        output.append(value ? UInt8(ascii: "1") : UInt8(ascii: "0"))
    }

    /// A pair with a signed integer.
    func writeInteger(_ value: Int64) {
        output.appendPair(name: name, isFirst: false, decimal: value.magnitude, isNegative: value < 0)
    }

    /// A pair with an unsigned integer.
    func writeUnsigned(_ value: UInt64) {
        output.appendPair(name: name, isFirst: false, decimal: value, isNegative: false)
    }

    /// A pair with a number's text; non-finite numbers are a ``Fallback``.
    func writeNumber(_ number: ParameterNumber) throws {
        guard number.isFinite else { throw Fallback() }
        startPair(withEquals: true)
        numberText.removeAll(keepingCapacity: true)
        number.appendText(to: &numberText)
        let table = table
        numberText.withUnsafeBufferPointer { output.append(escaping: $0, table: table) }
    }

    /// A bare name (a null with the default `bareKey` nulls).
    func writeNull() {
        startPair(withEquals: false)
    }

    // MARK: Dictionaries and arrays

    /// Starts a dictionary member: its name on the name stack. Returns where its pairs start.
    @inline(__always)
    func beginMember(_ key: String) -> Int {
        let index = frames.count - 1
        frames[index].count += 1
        name.truncate(to: frames[index].nameBase)
        if frames.count == 1 {
            name.append(escaping: key, table: table)
        } else {
            name.append(escapingByte: UInt8(ascii: "["), table: table)
            name.append(escaping: key, table: table)
            name.append(escapingByte: UInt8(ascii: "]"), table: table)
        }
        return output.count
    }

    /// Ends a dictionary member that started at `start`.
    @inline(__always)
    func endMember(_ key: String, start: Int) {
        members.append(Member(key: key, start: start, end: output.count))
    }

    /// Starts an array element (the name already ends in `[]`).
    @inline(__always)
    func beginElement() {
        frames[frames.count - 1].count += 1
    }

    /// Puts a dictionary's members in key order when they were not, and restores the name.
    ///
    /// The keys are ordered by an 8-byte prefix of their UTF-8 bytes, then by all of their bytes when the prefixes
    /// are equal, in a temporary buffer (no heap allocation); a repeated key is a ``Fallback``.
    private func finishDictionary(_ frame: Frame) throws {
        let base = frame.memberBase
        defer {
            members.removeSubrange(base...)
            name.truncate(to: frame.nameBase)
        }
        let count = members.count - base
        guard count > 1 else { return }
        typealias Entry = (prefix: UInt64, position: Int)
        try withUnsafeTemporaryAllocation(of: Entry.self, capacity: count) { entries throws(Fallback) in
            for index in 0..<count {
                entries.initializeElement(at: index, to: (UTF8Order.prefix(of: members[base + index].key), index))
            }
            let precedes = { (left: Entry, right: Entry) -> Bool in
                if left.prefix != right.prefix { return left.prefix < right.prefix }
                return UTF8Order.precedes(
                    self.members[base + left.position].key, self.members[base + right.position].key)
            }
            var isInOrder = true
            if count <= 32 {
                // Insertion sort: few keys, often nearly in order.
                for index in 1..<count {
                    let moving = entries[index]
                    var slot = index
                    while slot > 0, precedes(moving, entries[slot - 1]) {
                        entries[slot] = entries[slot - 1]
                        slot -= 1
                    }
                    if slot != index {
                        entries[slot] = moving
                        isInOrder = false
                    }
                }
            } else {
                var sortable = entries
                sortable.sort(by: precedes)
                isInOrder = entries.indices.allSatisfy { entries[$0].position == $0 }
            }
            for index in 1..<count where entries[index - 1].prefix == entries[index].prefix {
                let earlier = members[base + entries[index - 1].position].key
                if ByteExactKey.equal(earlier, members[base + entries[index].position].key) {
                    throw Fallback()  // a repeated key: the general encoder decides which value stays
                }
            }
            guard !isInOrder else { return }
            let start = members[base].start
            let end = output.count
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: UnsafeBufferPointer(start: output.base + start, count: end - start))
            output.truncate(to: start)
            output.reserve(end - start)
            scratch.withUnsafeBufferPointer { saved in
                guard let savedBase = saved.baseAddress else { return }
                for entry in entries {
                    let member = members[base + entry.position]
                    let length = member.end - member.start
                    QueryByteWriter.copy(
                        from: savedBase + (member.start - start), to: output.base + output.count, count: length)
                    output.count += length
                }
            }
        }
    }

    /// Marks the current frame; `nil` when it already holds something.
    func start(_ kind: Frame.Kind) -> Int? {
        guard let index = frames.indices.last, frames[index].kind == .empty else { return nil }
        frames[index].kind = kind
        if kind == .unkeyed {
            if frames.count == 1 { return nil }  // an array at the top level
            name.append(escapingByte: UInt8(ascii: "["), table: table)
            name.append(escapingByte: UInt8(ascii: "]"), table: table)
        }
        return frames[index].id
    }
}

extension QueryStringEncoder: Encoder {
    var codingPath: [any CodingKey] { path }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let id = start(.keyed) else {
            isAbandoned = true  // a second container for one value
            return KeyedEncodingContainer(QueryStringKeyedContainer<Key>(encoder: self, id: -1))
        }
        return KeyedEncodingContainer(QueryStringKeyedContainer<Key>(encoder: self, id: id))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let id = start(.unkeyed) else {
            isAbandoned = true
            return QueryStringUnkeyedContainer(encoder: self, id: -1)
        }
        return QueryStringUnkeyedContainer(encoder: self, id: id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        guard let id = start(.single) else {
            isAbandoned = true
            return QueryStringSingleValueContainer(encoder: self, id: -1)
        }
        return QueryStringSingleValueContainer(encoder: self, id: id)
    }
}

/// Writes the members of a dictionary.
struct QueryStringKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: QueryStringEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    mutating func encodeNil(forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeNull()
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeBool(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeText(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        try encoder.writeNumber(ParameterNumber(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        try encoder.writeNumber(ParameterNumber(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(Int64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(Int64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(Int64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(Int64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(Int64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(UInt64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(UInt64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(UInt64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(UInt64(value))
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(UInt64(value))
        encoder.endMember(name, start: start)
    }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        if try !encoder.encodeKnown(value), try !encoder.encodeKnownArray(value) {
            encoder.path.append(key)
            defer { encoder.path.removeLast() }
            try encoder.encodeComposite(value)
        }
        encoder.endMember(name, start: start)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.isAbandoned = true
        return KeyedEncodingContainer(QueryStringKeyedContainer<NestedKey>(encoder: encoder, id: -1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.isAbandoned = true
        return QueryStringUnkeyedContainer(encoder: encoder, id: -1)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isAbandoned = true
        return encoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.isAbandoned = true
        return encoder
    }
}

/// Writes the elements of an array as `name[]=…` pairs.
struct QueryStringUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: QueryStringEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    var count: Int {
        guard let frame = encoder.frames.last, frame.id == id else { return 0 }
        return frame.count
    }

    mutating func encodeNil() throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeText(value)
    }

    mutating func encode(_ value: Double) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        try encoder.writeNumber(ParameterNumber(value))
    }

    mutating func encode(_ value: Float) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        try encoder.writeNumber(ParameterNumber(value))
    }

    mutating func encode(_ value: Int) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int8) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int16) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int32) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int64) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: UInt) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt8) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt16) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt32) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt64) throws {
        try encoder.checkCurrent(id)
        encoder.beginElement()
        encoder.writeUnsigned(UInt64(value))
    }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try encoder.checkCurrent(id)
        let index = count
        encoder.beginElement()
        if try encoder.encodeKnown(value) { return }
        encoder.path.append(ParameterTreeIndexKey(index: index))
        defer { encoder.path.removeLast() }
        try encoder.encodeComposite(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.isAbandoned = true
        return KeyedEncodingContainer(QueryStringKeyedContainer<NestedKey>(encoder: encoder, id: -1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.isAbandoned = true
        return QueryStringUnkeyedContainer(encoder: encoder, id: -1)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isAbandoned = true
        return encoder
    }
}

/// Writes one value under the current name.
struct QueryStringSingleValueContainer: SingleValueEncodingContainer {
    let encoder: QueryStringEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    /// Checks that this is the current value and that nothing was written to it yet.
    private func begin() throws {
        try encoder.checkCurrent(id)
        let index = encoder.frames.count - 1
        guard encoder.frames[index].count == 0 else { throw QueryStringEncoder.Fallback() }
        encoder.frames[index].count = 1
    }

    mutating func encodeNil() throws {
        try begin()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try begin()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try begin()
        encoder.writeText(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try encoder.writeNumber(ParameterNumber(value))
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try encoder.writeNumber(ParameterNumber(value))
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int8) throws {
        try begin()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int16) throws {
        try begin()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int32) throws {
        try begin()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: Int64) throws {
        try begin()
        encoder.writeInteger(Int64(value))
    }

    mutating func encode(_ value: UInt) throws {
        try begin()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt8) throws {
        try begin()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt16) throws {
        try begin()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt32) throws {
        try begin()
        encoder.writeUnsigned(UInt64(value))
    }

    mutating func encode(_ value: UInt64) throws {
        try begin()
        encoder.writeUnsigned(UInt64(value))
    }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try begin()
        if try encoder.encodeKnown(value) { return }
        try encoder.encodeComposite(value)
    }
}
