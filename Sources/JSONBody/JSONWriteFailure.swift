import Wireform

/// A problem found while writing JSON, with the path to the bad value collected on the way back up.
///
/// Containers add their key or index as the failure passes through them, so the successful path never builds a
/// path at all.
struct JSONWriteFailure: Error {
    enum Problem {
        case nonFiniteNumber(ParameterNumber)
        case rejectedDate
        case dateOutOfRange(JSONDateEncoding)
        case rejectedData
        case tooDeep
    }

    let problem: Problem
    /// The path from the bad value up to the root: innermost first.
    var reversedPath: [ParameterPath.Component] = []

    init(_ problem: Problem) { self.problem = problem }

    /// The same failure one level further out.
    func inside(_ component: ParameterPath.Component) -> Self {
        var copy = self
        copy.reversedPath.append(component)
        return copy
    }

    /// The public error, with the path written out.
    var serializationError: SerializationError {
        let path = ParameterPath(reversedPath.reversed())
        switch problem {
        case .nonFiniteNumber(let number):
            return SerializationError(
                .unsupportedValue,
                "Non-finite number \(number) at '\(path)' cannot be written as JSON"
            )
        case .rejectedDate:
            return SerializationError(
                .unsupportedValue,
                "Date at '\(path)' cannot be written as JSON: the date encoding is 'rejected'"
            )
        case .dateOutOfRange(let encoding):
            return SerializationError(
                .unsupportedValue,
                "Date at '\(path)' cannot be written as JSON: it is not finite or is out of range for the "
                    + "'\(encoding)' date encoding"
            )
        case .rejectedData:
            return SerializationError(
                .unsupportedValue,
                "Data at '\(path)' cannot be written as JSON: the data encoding is 'rejected'"
            )
        case .tooDeep:
            return SerializationError(
                .nestingTooDeep,
                "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'"
            )
        }
    }
}
