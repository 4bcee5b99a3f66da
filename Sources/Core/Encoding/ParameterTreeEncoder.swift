#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The fast path of ``ParameterEncoder/encode(_:)`` with the default strategies: one encoder object for the whole
/// value, containers that write into shared key and value stacks, and no per-value boxing.
///
/// It builds exactly the tree the general encoder builds (keyed containers in encoding order, a `Dictionary`'s keys
/// sorted by their UTF-8 bytes, a `Set` as ``ParameterValue/set(_:)``, the same numbers), and hands back with
/// ``Fallback`` whatever it does not reproduce: nested containers asked for by key, `superEncoder()`, a second
/// container for one value, a repeated key, a value that encodes nothing, nesting near the limit, and every error.
/// The general encoder then runs and gives its own result or error.
final class ParameterTreeEncoder {
    /// The attempt is abandoned; the general encoder takes over.
    struct Fallback: Error {}

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
        var keyBase = 0
        var valueBase = 0
        var single: ParameterValue?
    }

    // Only this encoder's own synchronous calls touch the state, one at a time: no runtime exclusivity checks.
    @exclusivity(unchecked) var keys: [String] = []
    @exclusivity(unchecked) var values: [ParameterValue] = []
    @exclusivity(unchecked) var frames: [Frame] = []
    @exclusivity(unchecked) var path: [any CodingKey] = []
    @exclusivity(unchecked) private var nextFrameID = 0
    @exclusivity(unchecked) var isAbandoned = false

    /// Encodes a value, or returns `nil` when the general encoder must.
    static func encode<Value: Encodable>(_ value: Value) -> ParameterValue? {
        let encoder = ParameterTreeEncoder()
        encoder.keys.reserveCapacity(32)
        encoder.values.reserveCapacity(32)
        encoder.frames.reserveCapacity(8)
        encoder.path.reserveCapacity(8)
        return try? encoder.encodeValue(value)
    }

    @inline(__always)
    func checkCurrent(_ id: Int) throws {
        guard !isAbandoned, let last = frames.last, last.id == id else { throw Fallback() }
    }

    /// Appends a member to the current keyed frame.
    @inline(__always)
    func append(_ value: ParameterValue, forKey key: String) {
        keys.append(key)
        values.append(value)
    }

    /// Sets the current single-value frame's value; a second value is a ``Fallback``.
    func setSingle(_ value: ParameterValue, id: Int) throws {
        try checkCurrent(id)
        let index = frames.count - 1
        guard frames[index].single == nil else { throw Fallback() }
        frames[index].single = value
    }

    /// The tree for any value: the types with a fixed conversion first, then the value's own `encode(to:)`.
    func encodeValue<Value: Encodable>(_ value: Value) throws -> ParameterValue {
        if let known = Self.known(value) { return known }
        return try encodeComposite(value)
    }

    /// The value of a type with a fixed conversion (found by comparing metatypes), or `nil`.
    @inline(__always)
    static func known<Value: Encodable>(_ value: Value) -> ParameterValue? {
        if Value.self == String.self { return .string(Self.reinterpret(value, as: String.self)) }
        if Value.self == Int.self { return .number(ParameterNumber(Self.reinterpret(value, as: Int.self))) }
        if Value.self == Bool.self { return .bool(Self.reinterpret(value, as: Bool.self)) }
        if Value.self == Double.self { return .number(ParameterNumber(Self.reinterpret(value, as: Double.self))) }
        if Value.self == Float.self { return .number(ParameterNumber(Self.reinterpret(value, as: Float.self))) }
        if Value.self == Date.self { return .date(Self.reinterpret(value, as: Date.self)) }
        if Value.self == Data.self { return .data(Self.reinterpret(value, as: Data.self)) }
        if Value.self == URL.self { return .string(Self.reinterpret(value, as: URL.self).absoluteString) }
        if Value.self == Decimal.self { return .number(ParameterNumber(Self.reinterpret(value, as: Decimal.self))) }
        return nil
    }

    /// The tree for a value that encodes itself through containers.
    func encodeComposite<Value: Encodable>(_ value: Value) throws -> ParameterValue {
        // Well inside the general encoder's limit, which reports the exact depth when it is passed.
        guard frames.count < ParameterValue.maximumDepth - 2 else { throw Fallback() }
        nextFrameID &+= 1
        frames.append(Frame(id: nextFrameID, keyBase: keys.count, valueBase: values.count))
        try value.encode(to: self)
        guard !isAbandoned, let frame = frames.popLast() else { throw Fallback() }
        switch frame.kind {
        case .empty:
            throw Fallback()
        case .single:
            guard let single = frame.single else { throw Fallback() }
            return single
        case .unkeyed:
            let elements = Array(values[frame.valueBase...])
            values.removeSubrange(frame.valueBase...)
            return Value.self is any EncodingSetMarker.Type ? .set(elements) : .array(elements)
        case .keyed:
            var memberKeys = Array(keys[frame.keyBase...])
            var memberValues = Array(values[frame.valueBase...])
            keys.removeSubrange(frame.keyBase...)
            values.removeSubrange(frame.valueBase...)
            if Value.self is any EncodingDictionaryMarker.Type {
                // A Swift dictionary has no order of its own: its keys sorted by their UTF-8 bytes.
                let order = memberKeys.indices.sorted { UTF8Order.precedes(memberKeys[$0], memberKeys[$1]) }
                memberKeys = order.map { memberKeys[$0] }
                memberValues = order.map { memberValues[$0] }
            }
            guard let dictionary = ParameterDictionary(checkingDistinctKeys: memberKeys, values: memberValues) else {
                throw Fallback()  // a repeated key: the general encoder decides which value stays
            }
            return .dictionary(dictionary)
        }
    }

    /// The value as the type it is known to be (the caller compared the metatypes).
    @inline(__always)
    private static func reinterpret<Value, Target>(_ value: Value, as type: Target.Type) -> Target {
        withUnsafePointer(to: value) { $0.withMemoryRebound(to: Target.self, capacity: 1) { $0.pointee } }
    }

    /// Marks the current frame; `nil` when it already holds something.
    func start(_ kind: Frame.Kind) -> Int? {
        guard let index = frames.indices.last, frames[index].kind == .empty else { return nil }
        frames[index].kind = kind
        return frames[index].id
    }
}

extension ParameterTreeEncoder: Encoder {
    var codingPath: [any CodingKey] { path }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let id = start(.keyed) else {
            isAbandoned = true  // a second container for one value
            return KeyedEncodingContainer(ParameterTreeKeyedContainer<Key>(encoder: self, id: -1))
        }
        return KeyedEncodingContainer(ParameterTreeKeyedContainer<Key>(encoder: self, id: id))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let id = start(.unkeyed) else {
            isAbandoned = true
            return ParameterTreeUnkeyedContainer(encoder: self, id: -1)
        }
        return ParameterTreeUnkeyedContainer(encoder: self, id: id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        guard let id = start(.single) else {
            isAbandoned = true
            return ParameterTreeSingleValueContainer(encoder: self, id: -1)
        }
        return ParameterTreeSingleValueContainer(encoder: self, id: id)
    }
}

/// An index in an array, for the coding path.
struct ParameterTreeIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { String(intValue ?? 0) }

    init(index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Writes the members of a dictionary.
struct ParameterTreeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ParameterTreeEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    mutating func encodeNil(forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.null, forKey: key.stringValue)
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.bool(value), forKey: key.stringValue)
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.string(value), forKey: key.stringValue)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        encoder.append(.number(ParameterNumber(value)), forKey: key.stringValue)
    }
    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        if let known = ParameterTreeEncoder.known(value) {
            encoder.append(known, forKey: key.stringValue)
            return
        }
        encoder.path.append(key)
        defer { encoder.path.removeLast() }
        let converted = try encoder.encodeComposite(value)
        encoder.append(converted, forKey: key.stringValue)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        encoder.isAbandoned = true
        return KeyedEncodingContainer(ParameterTreeKeyedContainer<NestedKey>(encoder: encoder, id: -1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.isAbandoned = true
        return ParameterTreeUnkeyedContainer(encoder: encoder, id: -1)
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

/// Writes the elements of an array or a set.
struct ParameterTreeUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ParameterTreeEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    var count: Int {
        guard let frame = encoder.frames.last, frame.id == id else { return 0 }
        return encoder.values.count - frame.valueBase
    }

    mutating func encodeNil() throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.null)
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.bool(value))
    }

    mutating func encode(_ value: String) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.string(value))
    }

    mutating func encode(_ value: Double) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: Float) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: Int) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: Int8) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: Int16) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: Int32) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: Int64) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: UInt) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: UInt8) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: UInt16) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: UInt32) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }

    mutating func encode(_ value: UInt64) throws {
        try encoder.checkCurrent(id)
        encoder.values.append(.number(ParameterNumber(value)))
    }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try encoder.checkCurrent(id)
        if let known = ParameterTreeEncoder.known(value) {
            encoder.values.append(known)
            return
        }
        encoder.path.append(ParameterTreeIndexKey(index: count))
        defer { encoder.path.removeLast() }
        let converted = try encoder.encodeComposite(value)
        encoder.values.append(converted)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.isAbandoned = true
        return KeyedEncodingContainer(ParameterTreeKeyedContainer<NestedKey>(encoder: encoder, id: -1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.isAbandoned = true
        return ParameterTreeUnkeyedContainer(encoder: encoder, id: -1)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isAbandoned = true
        return encoder
    }
}

/// Holds one value.
struct ParameterTreeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: ParameterTreeEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    mutating func encodeNil() throws {
        try encoder.setSingle(.null, id: id)
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.setSingle(.bool(value), id: id)
    }

    mutating func encode(_ value: String) throws {
        try encoder.setSingle(.string(value), id: id)
    }

    mutating func encode(_ value: Double) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: Float) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: Int) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: Int8) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: Int16) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: Int32) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: Int64) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: UInt) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: UInt8) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: UInt16) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: UInt32) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }

    mutating func encode(_ value: UInt64) throws {
        try encoder.setSingle(.number(ParameterNumber(value)), id: id)
    }
    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try encoder.checkCurrent(id)
        let converted = try encoder.encodeValue(value)
        try encoder.setSingle(converted, id: id)
    }
}
