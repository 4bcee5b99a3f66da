/// Marks Swift's `Dictionary`, whose keys are data: ``ValueEncoder`` never converts them with the key strategy, and
/// sorts them. A conformance the language checks (`is`), not a read of the runtime's metadata layout.
protocol DictionaryMarker {}

/// Marks Swift's `Set`, whose unkeyed container becomes ``ParameterValue/set(_:)``.
protocol SetMarker {}

extension Dictionary: DictionaryMarker {}

extension Set: SetMarker {}

extension ValueEncoder {
    /// Whether a type is a Swift `Dictionary`.
    static func isDictionary(_ type: Any.Type) -> Bool {
        type is any DictionaryMarker.Type
    }

    /// Whether a type is a Swift `Set`.
    static func isSet(_ type: Any.Type) -> Bool {
        type is any SetMarker.Type
    }
}
