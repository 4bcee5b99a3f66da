#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A type the encoder writes directly instead of calling its `encode(to:)`.
protocol ParameterEncodingPrimitive {
    /// The value to write, or `nil` to fall back to `encode(to:)` (for example `Date` with
    /// ``ParameterEncoder/DateEncodingStrategy-swift.enum/deferredToDate``).
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) throws(SerializationError)
        -> ParameterValue?
}

/// Marks Swift `Set`, whose unkeyed container becomes ``ParameterValue/set(_:)``.
protocol EncodingSetMarker {}

/// Marks Swift `Dictionary`, whose keys are data: never converted by the key strategy, and sorted.
protocol EncodingDictionaryMarker {}

extension Set: EncodingSetMarker {}
extension Dictionary: EncodingDictionaryMarker {}

extension String: ParameterEncodingPrimitive {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .string(self)
    }
}

extension Bool: ParameterEncodingPrimitive {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .bool(self)
    }
}

extension Double: ParameterEncodingPrimitive {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .number(ParameterNumber(self))
    }
}

extension Float: ParameterEncodingPrimitive {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .number(ParameterNumber(self))
    }
}

extension Decimal: ParameterEncodingPrimitive {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .number(ParameterNumber(self))
    }
}

extension URL: ParameterEncodingPrimitive {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .string(absoluteString)
    }
}

extension Date: ParameterEncodingPrimitive {
    func parameterValue(
        in context: ParameterEncodingContext,
        at path: EncodingPath
    ) throws(SerializationError) -> ParameterValue? {
        try context.encode(self, at: path)
    }
}

extension Data: ParameterEncodingPrimitive {
    func parameterValue(
        in context: ParameterEncodingContext,
        at path: EncodingPath
    ) throws(SerializationError) -> ParameterValue? {
        try context.encode(self, at: path)
    }
}

/// Integers: every width, written exactly.
protocol ParameterEncodingInteger: ParameterEncodingPrimitive, BinaryInteger {}

extension ParameterEncodingInteger {
    func parameterValue(in context: ParameterEncodingContext, at path: EncodingPath) -> ParameterValue? {
        .number(ParameterNumber(self))
    }
}

extension Int: ParameterEncodingInteger {}
extension Int8: ParameterEncodingInteger {}
extension Int16: ParameterEncodingInteger {}
extension Int32: ParameterEncodingInteger {}
extension Int64: ParameterEncodingInteger {}
extension UInt: ParameterEncodingInteger {}
extension UInt8: ParameterEncodingInteger {}
extension UInt16: ParameterEncodingInteger {}
extension UInt32: ParameterEncodingInteger {}
extension UInt64: ParameterEncodingInteger {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: ParameterEncodingInteger {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: ParameterEncodingInteger {}
