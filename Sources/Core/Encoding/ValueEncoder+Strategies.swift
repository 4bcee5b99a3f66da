#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The ParameterValueEncoder strategies, applied once for every sink.
extension ValueEncoder {
    /// The dictionary key written for a coding key; a Swift `Dictionary`'s keys are data and stay as they are.
    @inline(__always)  // The 14 in ValueEncoder+*: E1-W1 -7.7 %, J2 -7.9 % (instruction-table)
    func outputKey(for key: some CodingKey, keepsKeys: Bool, in codingPath: [any CodingKey]? = nil) -> String {
        if keepsKeys || usesDefaultKeys { return key.stringValue }
        switch options.keyEncodingStrategy.base {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase:
            return ParameterValueEncoder.separatedWords(key.stringValue, separator: UInt8(ascii: "_"))
        case .convertToKebabCase:
            return ParameterValueEncoder.separatedWords(key.stringValue, separator: UInt8(ascii: "-"))
        case .capitalized: return ParameterValueEncoder.capitalizingFirstCharacter(key.stringValue)
        case .uppercased: return key.stringValue.uppercased()
        case .lowercased: return key.stringValue.lowercased()
        case .custom(let convert): return convert((codingPath ?? path) + [key])
        }
    }

    /// The value for a date, or `nil` to let `Date` encode itself.
    func convert(_ date: Date) throws(SerializationError) -> ParameterValue? {
        switch options.dateEncodingStrategy.base {
        case .deferredToFormat:
            return .date(date)
        case .deferredToDate:
            return nil
        case .secondsSince1970:
            return .number(ParameterNumber(date.timeIntervalSince1970))
        case .millisecondsSince1970:
            let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
            if let whole = Int64(exactly: milliseconds) { return .number(ParameterNumber(whole)) }
            return .number(ParameterNumber(milliseconds))
        case .iso8601:
            // ISO8601Text writes four-digit years: 0001-01-01T00:00:00Z through 9999-12-31T23:59:59.999Z.
            guard ISO8601Text.isRepresentable(date) else {
                throw SerializationError(
                    .unsupportedValue,
                    "Date at '\(memberPath)' is outside the years 1 to 9999 that ISO 8601 text can represent"
                )
            }
            return .string(try ISO8601Text.string(from: date))
        case .custom(let convert):
            do { return try convert(date) } catch { throw wrap(error, at: memberPath) }
        }
    }

    /// The value for bytes, or `nil` to let `Data` encode itself.
    func convert(_ data: Data) throws(SerializationError) -> ParameterValue? {
        switch options.dataEncodingStrategy.base {
        case .deferredToFormat: return .data(data)
        case .deferredToData: return nil
        case .base64: return .string(data.base64EncodedString())
        case .custom(let convert):
            do { return try convert(data) } catch { throw wrap(error, at: memberPath) }
        }
    }

    /// The path of the value being written, for messages.
    var memberPath: ParameterPath { ParameterPath(codingPath: path) }

    /// An error thrown by `encode(to:)` or a custom strategy as a ``SerializationError`` naming the path.
    func wrap(_ error: any Error, at parameterPath: ParameterPath? = nil) -> SerializationError {
        if let error = error as? SerializationError { return error }
        let location = parameterPath ?? ParameterPath(codingPath: path)
        if let error = error as? EncodingError, case .invalidValue(let value, let context) = error {
            let errorPath = context.codingPath.isEmpty ? location : ParameterPath(codingPath: context.codingPath)
            return SerializationError(
                .serializerFailed,
                "Invalid value of type '\(type(of: value))' at '\(errorPath)': \(context.debugDescription)",
                underlyingError: error
            )
        }
        return SerializationError(
            .serializerFailed, "Encoding failed at '\(location)': \(error)", underlyingError: error)
    }

    /// The error for a second container or value at one path.
    func misuse(_ what: String) -> SerializationError {
        SerializationError(
            .serializerFailed,
            "An encode(to:) implementation asked for \(what) at '\(ParameterPath(codingPath: path))' after "
                + "encoding something else there"
        )
    }
}
