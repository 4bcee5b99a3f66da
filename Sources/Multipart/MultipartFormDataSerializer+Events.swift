package import Wireform

extension MultipartFormDataSerializer: EventBodySerializer {
    /// Serializes the value whose events `send` sends as text parts: a ``Wireform/StandardQueryStyle`` names them
    /// with its one writer, with no tree, straight into the form's store of fields; another style gets the value as
    /// a tree. Each pair becomes a field part, as in ``serialize(_:context:)``.
    /// - Parameters:
    ///   - context: The request's query style, used when this serializer has none of its own.
    ///   - send: Sends one value's events (a tree, an `Encodable` value, JSON text).
    /// - Returns: The body in memory, with `multipart/form-data; boundary=…`.
    /// - Throws: What the source throws, and ``Wireform/SerializationError`` when the query style cannot write the
    ///   value.
    package func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody {
        var form = MultipartForm(boundary: boundary)
        try form.append(events: send, queryStyle: queryStyle ?? context.queryStyle)
        return SerializedBody(contentType: form.contentType, bytes: try form.encodedBytes())
    }
}
