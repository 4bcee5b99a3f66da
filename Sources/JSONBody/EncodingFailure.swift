import Wireform

/// Turns an error from a Foundation encoder into a ``Wireform/SerializationError`` that names the coding path.
enum EncodingFailure {
    static func serializationError(for error: any Error, format: String) -> SerializationError {
        guard let encodingError = error as? EncodingError, case .invalidValue(_, let context) = encodingError else {
            return SerializationError(
                .encodingFailed, "The value cannot be encoded as \(format)", underlyingError: error)
        }
        let path = ParameterPath(
            context.codingPath.map { key in key.intValue.map { .index($0) } ?? .key(key.stringValue) }
        )
        return SerializationError(
            .encodingFailed,
            "The value at '\(path)' cannot be encoded as \(format): \(context.debugDescription)",
            underlyingError: error
        )
    }
}
