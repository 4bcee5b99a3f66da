package import Wireform

/// The parameter tree and every other event source (JSON text) reach the JSON writer in its
/// ``JSONEncodingSink/Flavor/wireform`` flavor: Wireform's errors and depth limit; the bytes are the options' alone.
extension JSONBodySerializer: EventBodySerializer {
    /// Serializes the one value whose events `send` sends, with no tree in between.
    /// - Parameters:
    ///   - context: The request's serialization settings (JSON does not use them).
    ///   - send: Sends one value's events.
    /// - Returns: The JSON body.
    /// - Throws: What the source throws, or ``Wireform/SerializationError`` as described on the type.
    package func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody {
        let json = JSONEncodingSink.Box(makeWriter(.wireform))
        try send(json)
        try json.finish()
        return SerializedBody(contentType: try contentType, bytes: try json.sink.finishedBytes())
    }

    /// The JSON text for a parameter tree, as UTF-8 bytes: the tree's events, members already in the order to
    /// write, straight into the writer.
    /// - Parameter parameters: An object or an array (any value with ``JSONWritingOptions/fragmentsAllowed``).
    /// - Returns: The JSON text.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    package func jsonBytes(for parameters: ParameterValue) throws(SerializationError) -> [UInt8] {
        var writer = makeWriter(.wireform)
        do {
            try parameters.sendEvents(to: &writer, keyOrdering: options.contains(.sortedKeys) ? .sorted : .insertion)
            return try writer.finishedBytes()
        } catch let error as SerializationError {
            throw error
        } catch {
            // Not reached: the tree throws nothing of its own, and the writer's wireform flavor throws only
            // `SerializationError`s.
            throw SerializationError(
                .serializerFailed, "The parameters cannot be written as JSON", underlyingError: error)
        }
    }
}
