extension ParameterValue {
    /// The parameters JSON text holds, as a tree, read by ``JSONText``'s rules.
    ///
    /// ```swift
    /// let value = try ParameterValue(json: JSONText(MessageBody(bytes: Array(#"{"ids":[1,2]}"#.utf8))))
    /// // ["ids": [1, 2]]
    /// ```
    ///
    /// To put JSON text in a request, pass it to
    /// ``RequestSerializer/serializedRequest(method:url:headers:query:json:format:placement:)`` instead: it is read
    /// as it streams, without a tree when the format allows.
    /// - Parameter text: The text.
    /// - Throws: ``SerializationError/Code/invalidJSON`` for invalid text;
    ///   ``SerializationError/Code/bodyTooLarge`` for text longer than its `maximumLength`; the body's error.
    public init(json text: JSONText) throws(SerializationError) {
        let tree = ParameterTreeSink.Box()
        do {
            try text.sendEvents(to: tree)
        } catch let error as SerializationError {
            throw error
        } catch {
            // The tree builder throws nothing, and the reader throws only SerializationError.
            throw SerializationError(.streamFailed, "The JSON text cannot be read: \(error)", underlyingError: error)
        }
        // The reader sends exactly one value, or throws.
        guard let value = tree.sink.result else {
            throw SerializationError(.invalidJSON, "The JSON text holds no value")
        }
        self = value
    }
}
