import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value a property list cannot hold, and where it is: the writers' errors before they become a
/// ``Wireform/SerializationError``.
struct PropertyListWriteFailure {
    enum Problem {
        case null
        case dateOutOfRange
        case integerTooWide(ParameterNumber)
        case nonFiniteNumber(ParameterNumber)
        /// A decimal that a binary property list's real, a `Double`, would change to `nearest`.
        case realNotExact(ParameterNumber, nearest: Double)
        case characterNotAllowedInXML(Unicode.Scalar, isKey: Bool)
        case tooDeep
        /// More objects than a binary property list's writer numbers.
        case tooManyObjects
    }

    /// What is wrong.
    let problem: Problem
    /// Where the bad value is.
    let path: ParameterPath

    /// A failure at a path.
    init(_ problem: Problem, at path: ParameterPath) {
        self.problem = problem
        self.path = path
    }

    /// Whether a decimal has no fraction.
    private static func isWhole(_ number: ParameterNumber) -> Bool {
        guard let value = number.decimalValue, !value.isNaN else { return false }
        // FoundationEssentials has no `NSDecimalRound`; a decimal's description writes every digit, with a `.`
        // only when there is a fraction.
        return !value.description.utf8.contains(UInt8(ascii: "."))
    }

    /// The public error, with the path written out.
    func serializationError(format: PropertyListBodySerializer.Format) -> SerializationError {
        switch problem {
        case .null:
            return SerializationError(
                .unsupportedValue,
                "Null at '\(path)' cannot be written in a property list, which has no null value"
            )
        case .nonFiniteNumber(let number):
            return SerializationError(
                .unsupportedValue,
                "Non-finite number \(number) at '\(path)' cannot be written in a property list"
            )
        case .integerTooWide(let number):
            return SerializationError(
                .unsupportedValue,
                "Integer \(number) at '\(path)' does not fit in 64 bits, the widest integer a property list holds"
            )
        case .realNotExact(let number, let nearest):
            let beyondIntegers = Self.isWhole(number) ? "it is beyond the 64-bit integers the format holds, and " : ""
            return SerializationError(
                .unsupportedValue,
                "Number \(number) at '\(path)' cannot be kept exactly in a binary property list: \(beyondIntegers)"
                    + "its real, a 64-bit double, would make it \(nearest); pass it as a string or use the XML format"
            )
        case .dateOutOfRange:
            return SerializationError(
                .unsupportedValue,
                format == .xml
                    ? "Date at '\(path)' cannot be written in an XML property list: it is not finite or is outside "
                        + "the years 1 to 9999"
                    : "Date at '\(path)' cannot be written in a property list: it is not finite"
            )
        case .characterNotAllowedInXML(let scalar, let isKey):
            let hex = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            return SerializationError(
                .unsupportedValue,
                "The \(isKey ? "key" : "string") at '\(path)' contains \(code), which an XML property list cannot "
                    + "hold; use the binary format"
            )
        case .tooDeep:
            return SerializationError(
                .unsupportedValue,
                "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'"
            )
        case .tooManyObjects:
            return SerializationError(
                .unsupportedValue,
                "The value at '\(path)' is one object more than the \(BinaryPropertyListSink.maximumObjectCount) "
                    + "a binary property list is written with"
            )
        }
    }
}
