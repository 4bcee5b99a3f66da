import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A value the JSON writer cannot write, with the path to it, thrown as each ``JSONEncodingSink/Flavor`` throws it.
struct JSONWriteFailure {
    /// What is wrong.
    enum Problem {
        /// An infinity or NaN.
        case nonFiniteNumber(ParameterNumber)
        /// A date, with ``JSONDateEncoding/rejected``; `interval` is its time since 1970.
        case rejectedDate(interval: Double)
        /// A date the encoding cannot hold; `interval` is its time since 1970.
        case dateOutOfRange(JSONDateEncoding, interval: Double)
        /// Data, with ``JSONDataEncoding/rejected``.
        case rejectedData(Data)
        /// A container nested deeper than the flavor allows.
        case tooDeep
        /// A scalar at the top without ``JSONWritingOptions/fragmentsAllowed``, with its kind (`a string`).
        case topLevelScalar(StaticString)

        /// The kind of scalar the problem is about, as ``Wireform/ParameterValue/kindName`` writes it; `nil` for a
        /// container.
        var scalarKind: StaticString? {
            switch self {
            case .nonFiniteNumber: "a number"
            case .rejectedDate, .dateOutOfRange: "a date"
            case .rejectedData: "data"
            case .tooDeep: nil
            case .topLevelScalar(let kind): kind
            }
        }
    }

    /// What is wrong.
    let problem: Problem
    /// The steps from the root to the value, outermost first.
    let path: [ParameterPath.Component]

    /// A failure at a path.
    /// - Parameters:
    ///   - problem: What is wrong.
    ///   - path: The steps from the root to the value.
    init(_ problem: Problem, at path: [ParameterPath.Component]) {
        self.problem = problem
        self.path = path
    }

    /// The error to throw in a flavor.
    /// - Parameter flavor: The writer's flavor.
    /// - Returns: A ``Wireform/SerializationError`` in ``JSONEncodingSink/Flavor/wireform``, `JSONEncoder`'s
    ///   `EncodingError` in ``JSONEncodingSink/Flavor/jsonEncoder``.
    func error(in flavor: JSONEncodingSink.Flavor) -> any Error {
        switch flavor {
        case .wireform: serializationError
        case .jsonEncoder: encodingError ?? serializationError
        }
    }

    /// Wireform's error, with the path written out.
    var serializationError: SerializationError {
        let path = ParameterPath(path)
        switch problem {
        case .nonFiniteNumber(let number):
            return SerializationError(
                .unsupportedValue, "Non-finite number \(number) at '\(path)' cannot be written as JSON")
        case .rejectedDate:
            return SerializationError(
                .unsupportedValue, "Date at '\(path)' cannot be written as JSON: the date encoding is 'rejected'")
        case .dateOutOfRange(let encoding, _):
            return SerializationError(
                .unsupportedValue,
                "Date at '\(path)' cannot be written as JSON: it is not finite or is out of range for the "
                    + "'\(encoding)' date encoding"
            )
        case .rejectedData:
            return SerializationError(
                .unsupportedValue, "Data at '\(path)' cannot be written as JSON: the data encoding is 'rejected'")
        case .tooDeep:
            return .parametersNestTooDeep(at: path)
        case .topLevelScalar(let kind):
            return SerializationError(
                .unsupportedValue,
                "A JSON body must be an object or an array, not \(kind); "
                    + "use the 'fragmentsAllowed' option to write a top-level scalar"
            )
        }
    }

    /// `JSONEncoder`'s error, with its message and the coding path; `nil` for the problems only
    /// ``JSONEncodingSink/Flavor/wireform`` has.
    ///
    /// The invalid value of a date is its time interval: describing a `Date` whose interval is NaN traps.
    var encodingError: EncodingError? {
        let value: Any
        let description: String
        switch problem {
        case .nonFiniteNumber(let number):
            if let decimal = number.decimalValue {
                (value, description) = (decimal, "Unable to encode Decimal.nan directly in JSON.")
            } else {
                let double = number.doubleValue
                (value, description) = (double, "Unable to encode Double.\(double) directly in JSON.")
            }
        case .rejectedDate(let interval):
            (value, description) = (interval, "Dates are not allowed: the date encoding is 'rejected'")
        case .dateOutOfRange(let encoding, let interval):
            switch encoding.base {
            case .iso8601: (value, description) = (interval, "Date is not finite or is outside the years 1 to 9999")
            case .millisecondsSince1970: (value, description) = (interval, "Date out of range")
            case .secondsSince1970, .rejected:
                (value, description) = (interval, "Unable to encode Double.\(interval) directly in JSON.")
            }
        case .rejectedData(let data):
            (value, description) = (data, "Data is not allowed: the data encoding is 'rejected'")
        case .tooDeep, .topLevelScalar:
            return nil
        }
        let codingPath: [any CodingKey] = path.map { component in
            switch component {
            case .key(let key): JSONPathKey(stringValue: key)
            case .index(let index): JSONPathKey(intValue: index)
            }
        }
        return EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath, debugDescription: description))
    }
}

/// A key of an `EncodingError`'s coding path.
private struct JSONPathKey: CodingKey {
    /// The key, or `Index N` for a position.
    var stringValue: String
    /// The position in an array.
    var intValue: Int?

    /// A key.
    init(stringValue: String) { self.stringValue = stringValue }

    /// A position, named as `JSONEncoder` names it.
    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}
