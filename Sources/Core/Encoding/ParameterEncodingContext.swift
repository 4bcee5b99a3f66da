#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The state shared by every encoder and container during one ``ParameterEncoder/encode(_:)`` call.
final class ParameterEncodingContext {
    let options: ParameterEncoder
    let userInfo: [CodingUserInfoKey: Any]
    /// The first error found where the `Encoder` API cannot throw (a second container requested at one path, a
    /// nested container past ``ParameterValue/maximumDepth``); thrown by the next throwing call and at the end.
    private(set) var deferredError: SerializationError?

    init(options: ParameterEncoder) {
        self.options = options
        userInfo = options.userInfo.mapValues { $0 as Any }
    }

    /// Remembers an error found in a call that cannot throw; the first one wins.
    func record(_ error: SerializationError) {
        if deferredError == nil { deferredError = error }
    }

    /// Throws the deferred error, if any.
    func throwDeferredError() throws(SerializationError) {
        if let deferredError { throw deferredError }
    }

    /// Encodes one value at a path.
    /// - Returns: The value, or `nil` when the value's `encode(to:)` encoded nothing.
    func box<Value: Encodable>(_ value: Value, at path: EncodingPath) throws(SerializationError) -> PendingValue? {
        try throwDeferredError()
        if let primitive = value as? any ParameterEncodingPrimitive,
            let encoded = try primitive.parameterValue(in: self, at: path)
        {
            return .value(encoded)
        }
        // Values deeper than this sit in a container past the limit; stop before a recursive type overflows the stack.
        guard path.depth <= ParameterValue.maximumDepth else {
            throw .parametersNestTooDeep(at: path.parameterPath)
        }
        let encoder = ParameterValueEncoder(
            context: self,
            path: path,
            keepsKeys: value is any EncodingDictionaryMarker
        )
        do {
            try value.encode(to: encoder)
        } catch {
            throw wrap(error, at: path)
        }
        try throwDeferredError()
        switch encoder.result {
        case .array(let array) where value is any EncodingSetMarker:
            array.isSet = true
        case .dictionary(let dictionary) where encoder.keepsKeys:
            dictionary.sortsKeys = true
        default:
            break
        }
        return encoder.result
    }

    /// Turns an error thrown by `encode(to:)` or a custom strategy into a ``SerializationError`` naming the path.
    func wrap(_ error: any Error, at path: EncodingPath) -> SerializationError {
        if let error = error as? SerializationError { return error }
        if let error = error as? EncodingError, case .invalidValue(let value, let context) = error {
            let errorPath =
                context.codingPath.isEmpty ? path.parameterPath : ParameterPath(codingPath: context.codingPath)
            return SerializationError(
                .encodingFailed,
                "Invalid value of type '\(type(of: value))' at '\(errorPath)': \(context.debugDescription)",
                underlyingError: error
            )
        }
        return SerializationError(
            .encodingFailed,
            "Encoding failed at '\(path.parameterPath)': \(error)",
            underlyingError: error
        )
    }

    /// The dictionary key written for a coding key.
    func outputKey(for key: some CodingKey, at path: EncodingPath, keepsKeys: Bool) -> String {
        if keepsKeys { return key.stringValue }
        switch options.keyEncodingStrategy.base {
        case .useDefaultKeys: return key.stringValue
        case .convertToSnakeCase: return ParameterEncoder.snakeCase(key.stringValue)
        case .custom(let convert): return convert(path.appending(key).codingPath)
        }
    }

    /// The value for a date, or `nil` to let `Date` encode itself.
    func encode(_ date: Date, at path: EncodingPath) throws(SerializationError) -> ParameterValue? {
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
                    "Date at '\(path.parameterPath)' is outside the years 1 to 9999 that ISO 8601 text can represent"
                )
            }
            return .string(try ISO8601Text.string(from: date))
        case .custom(let convert):
            do { return try convert(date) } catch { throw wrap(error, at: path) }
        }
    }

    /// The value for bytes, or `nil` to let `Data` encode itself.
    func encode(_ data: Data, at path: EncodingPath) throws(SerializationError) -> ParameterValue? {
        switch options.dataEncodingStrategy.base {
        case .deferredToFormat: return .data(data)
        case .deferredToData: return nil
        case .base64: return .string(data.base64EncodedString())
        case .custom(let convert):
            do { return try convert(data) } catch { throw wrap(error, at: path) }
        }
    }
}
