/// Marks Swift's `Set`, whose unkeyed container becomes ``ParameterValue/set(_:)``. A conformance the language
/// checks (`is`), not a read of the runtime's metadata layout.
protocol SetMarker {}

extension Set: SetMarker {}

extension ValueEncoder {
    /// Whether a keyed container is a Swift `Dictionary`'s, whose keys are data: never converted by the key
    /// strategy, and sorted.
    ///
    /// Told by the container's key type: `Dictionary.encode(to:)` asks for a keyed container only for keys it writes
    /// as strings or integers, and then with a coding key type of the standard library's own that no other type can
    /// name. That type is not assumed: ``DictionaryKeyProbe`` asks `Dictionary.encode(to:)` itself, once, through the
    /// `Encoder` protocol. Comparing key types costs one comparison per keyed container, where the `is` check of a
    /// marker protocol on the value's type cost a conformance lookup in the runtime for every one (E1-W2 +3.9 %
    /// instructions, `Scripts/instruction-table`).
    static func isDictionary<Key: CodingKey>(keyedBy type: Key.Type) -> Bool {
        let key = ObjectIdentifier(type)
        let known = DictionaryKeyProbe.keyTypes
        return key == known.stringKeys || key == known.integerKeys
    }

    /// Whether a type is a Swift `Set`.
    static func isSet(_ type: Any.Type) -> Bool {
        type is any SetMarker.Type
    }
}
