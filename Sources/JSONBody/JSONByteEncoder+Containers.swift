import Foundation
import Wireform

// The `Encoder` side of ``JSONByteEncoder``: one encoder object for the whole value (its coding path is a stack), and
// containers that check they still write to the current value before writing.
extension JSONByteEncoder: Encoder {
    var codingPath: [any CodingKey] { path }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard let id = startObject() else {
            isAbandoned = true  // a second container for one value: JSONEncoder merges them
            return KeyedEncodingContainer(JSONByteKeyedContainer<Key>(encoder: self, id: -1))
        }
        return KeyedEncodingContainer(JSONByteKeyedContainer<Key>(encoder: self, id: id))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        guard let id = startArray() else {
            isAbandoned = true
            return JSONByteUnkeyedContainer(encoder: self, id: -1)
        }
        return JSONByteUnkeyedContainer(encoder: self, id: id)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        guard let id = startSingleValue() else {
            isAbandoned = true
            return JSONByteSingleValueContainer(encoder: self, id: -1)
        }
        return JSONByteSingleValueContainer(encoder: self, id: id)
    }
}

/// An index in an array, for the coding path.
struct JSONByteIndexKey: CodingKey {
    var intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }

    init(index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Writes the members of an object.
struct JSONByteKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: JSONByteEncoder
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
        encoder.writeString(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        try encoder.writeFloatingPoint(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        try encoder.writeFloatingPoint(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeInteger(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        encoder.writeUnsigned(value)
        encoder.endMember(name, start: start)
    }

    mutating func encode<Value: Encodable>(_ value: Value, forKey key: Key) throws {
        try encoder.checkCurrent(id)
        let name = key.stringValue
        let start = encoder.beginMember(name)
        if try !encoder.encodeKnown(value) {
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
        encoder.isAbandoned = true  // written later than its key: JSONEncoder handles it
        return KeyedEncodingContainer(JSONByteKeyedContainer<NestedKey>(encoder: encoder, id: -1))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        encoder.isAbandoned = true
        return JSONByteUnkeyedContainer(encoder: encoder, id: -1)
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

/// Writes the elements of an array.
struct JSONByteUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: JSONByteEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    var count: Int {
        guard let frame = encoder.frames.last, frame.id == id else { return 0 }
        return frame.count
    }

    mutating func encodeNil() throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeNull()
    }

    mutating func encode(_ value: Bool) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeBool(value)
    }

    mutating func encode(_ value: String) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Float) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Int) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try encoder.checkCurrent(id)
        _ = encoder.beginElement()
        encoder.writeUnsigned(value)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try encoder.checkCurrent(id)
        let index = encoder.beginElement()
        if try encoder.encodeKnown(value) { return }
        encoder.path.append(JSONByteIndexKey(index: index))
        defer { encoder.path.removeLast() }
        try encoder.encodeComposite(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        encoder.isAbandoned = true
        return KeyedEncodingContainer(JSONByteKeyedContainer<NestedKey>(encoder: encoder, id: -1))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        encoder.isAbandoned = true
        return JSONByteUnkeyedContainer(encoder: encoder, id: -1)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.isAbandoned = true
        return encoder
    }
}

/// Writes one value.
struct JSONByteSingleValueContainer: SingleValueEncodingContainer {
    let encoder: JSONByteEncoder
    let id: Int

    var codingPath: [any CodingKey] { encoder.path }

    /// Checks that this is the current value and that nothing was written to it yet.
    private func begin() throws {
        try encoder.checkCurrent(id)
        let index = encoder.frames.count - 1
        guard encoder.frames[index].count == 0 else { throw JSONByteEncoder.Fallback() }
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
        encoder.writeString(value)
    }

    mutating func encode(_ value: Double) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Float) throws {
        try begin()
        try encoder.writeFloatingPoint(value)
    }

    mutating func encode(_ value: Int) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int8) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int16) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int32) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: Int64) throws {
        try begin()
        encoder.writeInteger(value)
    }

    mutating func encode(_ value: UInt) throws {
        try begin()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt8) throws {
        try begin()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt16) throws {
        try begin()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt32) throws {
        try begin()
        encoder.writeUnsigned(value)
    }

    mutating func encode(_ value: UInt64) throws {
        try begin()
        encoder.writeUnsigned(value)
    }

    mutating func encode<Value: Encodable>(_ value: Value) throws {
        try begin()
        try encoder.encodeValue(value)
    }
}
