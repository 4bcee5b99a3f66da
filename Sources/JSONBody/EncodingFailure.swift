import Wireform

/// Turns an error from a Foundation encoder into a ``Wireform/SerializationError`` that names the coding path.
enum EncodingFailure {
    static func serializationError(for error: any Error, format: String) -> SerializationError {
        // Some encoders wrap a failure in a top-level `invalidValue` whose context holds the real one.
        if let encodingError = error as? EncodingError, case .invalidValue(_, let context) = encodingError,
            context.codingPath.isEmpty, let underlyingError = context.underlyingError
        {
            return serializationError(for: underlyingError, format: format)
        }
        guard let encodingError = error as? EncodingError, case .invalidValue(_, let context) = encodingError else {
            return SerializationError(
                .serializerFailed, "The value cannot be encoded as \(format)", underlyingError: error)
        }
        let path = ParameterPath(
            context.codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) }
        )
        return SerializationError(
            .serializerFailed,
            "The value at '\(path)' cannot be encoded as \(format): \(context.debugDescription)",
            underlyingError: error
        )
    }
}
