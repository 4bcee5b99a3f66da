/// Appends values to a ``PendingArray``.
struct ParameterUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ParameterValueEncoder
    let array: PendingArray

    var codingPath: [any CodingKey] { encoder.codingPath }

    var count: Int { array.elements.count }

    private var context: ParameterEncodingContext { encoder.context }

    private var nextPath: EncodingPath { encoder.path.appending(EncodingKey(index: array.elements.count)) }

    private func append(_ value: ParameterValue) throws(SerializationError) {
        try context.throwDeferredError()
        array.elements.append(.value(value))
    }

    mutating func encodeNil() throws { try append(.null) }
    mutating func encode(_ value: Bool) throws { try append(.bool(value)) }
    mutating func encode(_ value: String) throws { try append(.string(value)) }
    mutating func encode(_ value: Double) throws { try append(.number(ParameterNumber(value))) }
    mutating func encode(_ value: Float) throws { try append(.number(ParameterNumber(value))) }
    mutating func encode(_ value: Int) throws { try append(.integer(value)) }
    mutating func encode(_ value: Int8) throws { try append(.integer(value)) }
    mutating func encode(_ value: Int16) throws { try append(.integer(value)) }
    mutating func encode(_ value: Int32) throws { try append(.integer(value)) }
    mutating func encode(_ value: Int64) throws { try append(.integer(value)) }
    mutating func encode(_ value: UInt) throws { try append(.integer(value)) }
    mutating func encode(_ value: UInt8) throws { try append(.integer(value)) }
    mutating func encode(_ value: UInt16) throws { try append(.integer(value)) }
    mutating func encode(_ value: UInt32) throws { try append(.integer(value)) }
    mutating func encode(_ value: UInt64) throws { try append(.integer(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try append(.integer(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try append(.integer(value)) }

    mutating func encode(_ value: some Encodable) throws {
        try context.throwDeferredError()
        let pending = try context.box(value, at: nextPath)
        array.elements.append(pending ?? .dictionary(PendingDictionary()))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        let path = nextPath
        encoder.checkNestedContainer(at: path)
        let nested = PendingDictionary()
        array.elements.append(.dictionary(nested))
        let nestedEncoder = ParameterValueEncoder(context: context, path: path)
        nestedEncoder.result = .dictionary(nested)
        return KeyedEncodingContainer(ParameterKeyedContainer<NestedKey>(encoder: nestedEncoder, dictionary: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let path = nextPath
        encoder.checkNestedContainer(at: path)
        let nested = PendingArray()
        array.elements.append(.array(nested))
        let nestedEncoder = ParameterValueEncoder(context: context, path: path)
        nestedEncoder.result = .array(nested)
        return ParameterUnkeyedContainer(encoder: nestedEncoder, array: nested)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.makeSuperEncoder(at: nextPath, writingTo: .index(array, array.elements.count))
    }
}
