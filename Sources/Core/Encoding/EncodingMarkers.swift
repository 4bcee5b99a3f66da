/// Marks Swift `Set`, whose unkeyed container becomes ``ParameterValue/set(_:)``.
protocol EncodingSetMarker {}

/// Marks Swift `Dictionary`, whose keys are data: never converted by the key strategy, and sorted.
protocol EncodingDictionaryMarker {}

extension Set: EncodingSetMarker {}
extension Dictionary: EncodingDictionaryMarker {}
