/// Writes keyed values into a ``PendingDictionary``.
struct ParameterKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ParameterValueEncoder
    let dictionary: PendingDictionary

    var codingPath: [any CodingKey] { encoder.codingPath }

    private var context: ParameterEncodingContext { encoder.context }

    private func set(_ value: PendingValue, for key: Key) throws(SerializationError) {
        try context.throwDeferredError()
        if value.isNull, context.options.nilEncodingStrategy == .omitKeys { return }
        dictionary.set(value, for: context.outputKey(for: key, at: encoder.path, keepsKeys: encoder.keepsKeys))
    }

    private func set(_ value: ParameterValue, for key: Key) throws(SerializationError) {
        try set(.value(value), for: key)
    }

    private mutating func setIfPresent(_ value: (some Encodable)?, for key: Key) throws {
        if let value {
            try encode(value, forKey: key)
        } else if context.options.nilEncodingStrategy == .alwaysNull {
            try set(.null, for: key)
        }
    }

    mutating func encodeNil(forKey key: Key) throws { try set(.null, for: key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try set(.bool(value), for: key) }
    mutating func encode(_ value: String, forKey key: Key) throws { try set(.string(value), for: key) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try set(.number(ParameterNumber(value)), for: key) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try set(.number(ParameterNumber(value)), for: key) }
    mutating func encode(_ value: Int, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try set(.integer(value), for: key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try set(.integer(value), for: key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try set(.integer(value), for: key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try set(.integer(value), for: key) }

    mutating func encode(_ value: some Encodable, forKey key: Key) throws {
        try context.throwDeferredError()
        let pending = try context.box(value, at: encoder.path.appending(key))
        try set(pending ?? .dictionary(PendingDictionary()), for: key)
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws { try setIfPresent(value, for: key) }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws { try setIfPresent(value, for: key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws { try setIfPresent(value, for: key) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws { try setIfPresent(value, for: key) }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try setIfPresent(value, for: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = encoder.path.appending(key)
        encoder.checkNestedContainer(at: path)
        let outputKey = context.outputKey(for: key, at: encoder.path, keepsKeys: encoder.keepsKeys)
        let nested: PendingDictionary
        if case .dictionary(let existing) = dictionary[outputKey] {
            nested = existing
        } else {
            nested = PendingDictionary()
            dictionary.set(.dictionary(nested), for: outputKey)
        }
        let nestedEncoder = ParameterValueEncoder(context: context, path: path)
        nestedEncoder.result = .dictionary(nested)
        return KeyedEncodingContainer(ParameterKeyedContainer<NestedKey>(encoder: nestedEncoder, dictionary: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let path = encoder.path.appending(key)
        encoder.checkNestedContainer(at: path)
        let outputKey = context.outputKey(for: key, at: encoder.path, keepsKeys: encoder.keepsKeys)
        let nested: PendingArray
        if case .array(let existing) = dictionary[outputKey] {
            nested = existing
        } else {
            nested = PendingArray()
            dictionary.set(.array(nested), for: outputKey)
        }
        let nestedEncoder = ParameterValueEncoder(context: context, path: path)
        nestedEncoder.result = .array(nested)
        return ParameterUnkeyedContainer(encoder: nestedEncoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.makeSuperEncoder(
            at: encoder.path.appending(EncodingKey.super),
            writingTo: .key(dictionary, EncodingKey.super.stringValue))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let outputKey = context.outputKey(for: key, at: encoder.path, keepsKeys: encoder.keepsKeys)
        return encoder.makeSuperEncoder(at: encoder.path.appending(key), writingTo: .key(dictionary, outputKey))
    }
}
