/// Finds the coding key types that Swift's `Dictionary` asks a keyed container for, by encoding two dictionaries
/// (string keys, integer keys) with an `Encoder` that records the key type of the container it is asked for.
enum DictionaryKeyProbe {
    /// The key types, found once per process.
    static let keyTypes = (stringKeys: keyType(of: ["": 0]), integerKeys: keyType(of: [0: 0]))

    /// The key type that a dictionary's `encode(to:)` asks for, or `Never` (which no container uses) when it asks
    /// for none.
    private static func keyType(of dictionary: some Encodable) -> ObjectIdentifier {
        let recorder = Recorder()
        // The recorder's containers write nothing and never throw.
        try? dictionary.encode(to: recorder)
        return recorder.keyType ?? ObjectIdentifier(Never.self)
    }

    /// An encoder that records the first keyed container's key type and drops every value.
    private final class Recorder: Encoder {
        var keyType: ObjectIdentifier?
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if keyType == nil { keyType = ObjectIdentifier(type) }
            return KeyedEncodingContainer(Dropping<Key>())
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer { DroppingUnkeyed() }

        func singleValueContainer() -> any SingleValueEncodingContainer { DroppingSingle() }
    }

    /// A keyed container that drops what it is given.
    private struct Dropping<Key: CodingKey>: KeyedEncodingContainerProtocol {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) {}
        mutating func encode(_ value: some Encodable, forKey key: Key) {}
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Dropping<NestedKey>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { DroppingUnkeyed() }
        mutating func superEncoder() -> any Encoder { Recorder() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { Recorder() }
    }

    /// An unkeyed container that drops what it is given.
    private struct DroppingUnkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        var count: Int { 0 }
        mutating func encodeNil() {}
        mutating func encode(_ value: some Encodable) {}
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type
        ) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Dropping<NestedKey>())
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { DroppingUnkeyed() }
        mutating func superEncoder() -> any Encoder { Recorder() }
    }

    /// A single-value container that drops what it is given.
    private struct DroppingSingle: SingleValueEncodingContainer {
        var codingPath: [any CodingKey] { [] }
        mutating func encodeNil() {}
        mutating func encode(_ value: some Encodable) {}
    }
}
