import Wireform

/// How error messages name a part (`part 'avatar'`, `part 3`): the text is made only when a reader needs it, not for
/// every part of every layout.
struct PartLabel: Sendable {
    let index: Int
    let name: String?

    var text: String {
        if let name { return "part \(SerializationError.quoted(name))" }
        return "part \(index)"
    }

    /// Index and name: `part 2 'note'`.
    var fullText: String {
        if let name { return "part \(index) \(SerializationError.quoted(name))" }
        return "part \(index)"
    }

    /// An error of the part's body, named after the part: a ``Wireform/SerializationError`` keeps its code and
    /// gets the part in front of its reason (`Part 'f': The body ended after 3 of the 5 bytes it declared`); any
    /// other error becomes ``Wireform/SerializationError/Code/streamFailed`` (`The stream for part 'f' failed`).
    /// - Parameters:
    ///   - error: What the part's body threw.
    ///   - action: What failed, for errors of other types: `The stream for`, `Making the stream for`.
    func error(from error: any Error, action: String) -> SerializationError {
        if let error = error as? SerializationError {
            let prefix = name.map { "Part \(SerializationError.quoted($0))" } ?? "Part \(index)"
            return SerializationError(error.code, "\(prefix): \(error.reason)", underlyingError: error.underlyingError)
        }
        return SerializationError(.streamFailed, "\(action) \(text) failed", underlyingError: error)
    }
}
