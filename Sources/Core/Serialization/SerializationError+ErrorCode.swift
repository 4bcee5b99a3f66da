extension SerializationError.Code {
    /// The code's number for `NSError` (`CustomNSError.errorCode` in `WireformFoundation`, whose doc comment
    /// publishes this table).
    ///
    /// A number never changes meaning: a new code takes the next unused number, and a number is never reused.
    /// `SerializationErrorNSErrorTests` pins every number.
    package var errorCode: Int {
        switch base {
        case .unsupportedValue: 1
        case .invalidURL: 2
        case .invalidMethod: 3
        case .invalidHeader: 4
        case .noSerializerRegistered: 5
        case .serializerFailed: 6
        case .invalidPart: 7
        case .fileUnavailable: 8
        case .lengthMismatch: 9
        case .streamFailed: 10
        case .writeFailed: 11
        case .cancelled: 12
        case .bodyTooLarge: 13
        case .bodyAlreadyConsumed: 14
        case .unsupportedBody: 15
        case .invalidTemplate: 16
        case .invalidJSON: 17
        case .fileChanged: 18
        }
    }
}
