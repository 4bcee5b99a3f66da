#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ValueEncoder {
    /// Writes the members of a dictionary: to the sink while its value streams, or into a pending dictionary.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        /// The frame of the value this container belongs to.
        let id: Int
        /// The pending dictionary of a nested container; `nil` for the container of a value.
        let members: PendingValue.Members?
        /// Whether the keys are a Swift `Dictionary`'s.
        let keepsKeys: Bool

        var codingPath: [any CodingKey] { members?.codingPath ?? encoder.path }

        mutating func encodeNil(forKey key: Key) throws { try encoder.write(.null, forKey: key, in: self) }
        mutating func encode(_ value: Bool, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: String, forKey key: Key) throws {
            try encoder.writeString(value, forKey: key, in: self)
        }
        mutating func encode(_ value: Double, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }
        mutating func encode(_ value: Float, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: Int, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: Int8, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: Int16, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: Int32, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: Int64, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: UInt, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { try encoder.write(value, forKey: key, in: self) }
        mutating func encode(_ value: UInt16, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }
        mutating func encode(_ value: UInt32, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }
        mutating func encode(_ value: UInt64, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: Int128, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encode(_ value: UInt128, forKey key: Key) throws {
            try encoder.write(value, forKey: key, in: self)
        }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try absent(value, key) }

        @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
        mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try absent(value, key) }

        // Absent optionals: left out, or nil under `alwaysNull`.
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try absent(value, key) }
        mutating func encodeIfPresent(_ value: (some Encodable)?, forKey key: Key) throws { try absent(value, key) }

        @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
        private func absent(_ value: (some Encodable)?, _ key: Key) throws {
            if let value {
                try encoder.write(value, forKey: key, in: self)
            } else if encoder.options.nilEncodingStrategy == .alwaysNull {
                try encoder.write(.null, forKey: key, in: self)
            }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type,
            forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            let nested = encoder.nestedMembers(in: encoder.makePendingMembers(id: id, members), key: key)
            return KeyedEncodingContainer(
                KeyedContainer<NestedKey>(encoder: encoder, id: -1, members: nested, keepsKeys: false))
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            let nested = encoder.nestedList(in: encoder.makePendingMembers(id: id, members), key: key)
            return UnkeyedContainer(encoder: encoder, id: -1, list: nested)
        }

        mutating func superEncoder() -> any Encoder {
            superEncoder(key: EncodingKey.super, name: EncodingKey.super.stringValue)
        }

        mutating func superEncoder(forKey key: Key) -> any Encoder {
            superEncoder(key: key, name: encoder.outputKey(for: key, keepsKeys: keepsKeys, in: codingPath))
        }

        private func superEncoder(key: some CodingKey, name: String) -> any Encoder {
            let target = encoder.makePendingMembers(id: id, members)
            let omitsNil = encoder.options.nilEncodingStrategy == .omitKeys
            return encoder.makeSuperEncoder(at: target.codingPath + [key]) { value in
                if case .null = value, omitsNil { return }
                target.set(.value(value), for: name)
            }
        }
    }

    /// Writes one member of a keyed container.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func write<Value: Encodable, Key: CodingKey>(
        _ value: Value,
        forKey key: Key,
        in container: KeyedContainer<Key>
    ) throws {
        if let members = try pendingMembers(id: container.id, container.members) {
            let tree = try tree(of: value, at: members.codingPath + [key])
            if omits(tree) { return }
            members.set(.value(tree), for: outputKey(for: key, keepsKeys: members.keepsKeys, in: members.codingPath))
            return
        }
        let name = outputKey(for: key, keepsKeys: container.keepsKeys)
        if Value.self == String.self {
            // The common member: no pending key needed.
            try sink.member(name, string: Self.reinterpret(value, as: String.self))
            return
        }
        pendingKey = name
        if Value.self == Date.self || Value.self == Data.self {
            // Their strategies can fail or call back into `encode(to:)`: the path names the member.
            pushPath(key)
            defer { popPath() }
            try encodeValue(value)
        } else if try !encodeKnown(value) {
            pushPath(key)
            defer { popPath() }
            try encodeComposite(value)
        }
        pendingKey = nil
    }

    /// Writes a string member: the common member, one event, the string passed on without a copy.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func writeString<Key: CodingKey>(_ value: String, forKey key: Key, in container: KeyedContainer<Key>) throws {
        if let members = try pendingMembers(id: container.id, container.members) {
            // As `write(_:forKey:in:)` does through `tree(of:at:)`.
            if let deferredError { throw deferredError }
            members.set(
                .value(.string(value)), for: outputKey(for: key, keepsKeys: members.keepsKeys, in: members.codingPath))
            return
        }
        try sink.member(outputKey(for: key, keepsKeys: container.keepsKeys), string: value)
    }

    /// Writes nil for a key.
    func write<Key: CodingKey>(_ null: ParameterValue, forKey key: Key, in container: KeyedContainer<Key>) throws {
        if let members = try pendingMembers(id: container.id, container.members) {
            if omits(null) { return }
            members.set(.value(null), for: outputKey(for: key, keepsKeys: members.keepsKeys, in: members.codingPath))
            return
        }
        pendingKey = outputKey(for: key, keepsKeys: container.keepsKeys)
        try emitNull()
    }
}
