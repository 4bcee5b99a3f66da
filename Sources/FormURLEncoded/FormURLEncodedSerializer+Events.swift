package import Wireform

extension FormURLEncodedSerializer: EventBodySerializer {
    /// Serializes the value whose events `send` sends: a ``Wireform/StandardQueryStyle`` writes them with its one
    /// writer, with no tree; another style gets the value as a tree. The bytes are those of
    /// ``serialize(_:context:)`` for the same value.
    /// - Parameters:
    ///   - context: The request's query style and space encoding, used where this serializer has none of its own.
    ///   - send: Sends one value's events (a tree, an `Encodable` value, JSON text).
    /// - Returns: The form body.
    /// - Throws: What the source throws, and `SerializationError` as ``serialize(_:context:)`` does.
    package func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody {
        let body = try (queryStyle ?? context.queryStyle).queryBody(
            events: send,
            spaceEncoding: spaceEncoding ?? context.spaceEncoding
        )
        return SerializedBody(contentType: try contentType, body: body)
    }
}
