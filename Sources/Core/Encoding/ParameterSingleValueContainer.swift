/// Writes the one value of an encoder.
struct ParameterSingleValueContainer: SingleValueEncodingContainer {
    let encoder: ParameterValueEncoder

    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { try encoder.setSingleValue(.null) }
    mutating func encode(_ value: Bool) throws { try encoder.setSingleValue(.bool(value)) }
    mutating func encode(_ value: String) throws { try encoder.setSingleValue(.string(value)) }
    mutating func encode(_ value: Double) throws { try encoder.setSingleValue(.number(ParameterNumber(value))) }
    mutating func encode(_ value: Float) throws { try encoder.setSingleValue(.number(ParameterNumber(value))) }
    mutating func encode(_ value: Int) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: Int8) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: Int16) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: Int32) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: Int64) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: UInt) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: UInt8) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: UInt16) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: UInt32) throws { try encoder.setSingleValue(.integer(value)) }
    mutating func encode(_ value: UInt64) throws { try encoder.setSingleValue(.integer(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try encoder.setSingleValue(.integer(value)) }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try encoder.setSingleValue(.integer(value)) }

    mutating func encode(_ value: some Encodable) throws { try encoder.setSingleValue(value) }
}
