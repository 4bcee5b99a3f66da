/// A ``BodySerializer`` whose one writer takes ``EncodingSink`` events, so that every input — a ``ParameterValue``
/// tree, an `Encodable` value, JSON text — reaches the same rules.
///
/// Wireform's own formats conform. A format that does not (a third party's, which sees only the public
/// ``BodySerializer`` requirements) gets a tree: ``serialize(_:context:events:)`` builds one with
/// ``ParameterTreeSink`` and calls ``BodySerializer/serialize(_:context:)``.
package protocol EventBodySerializer: BodySerializer {
    /// Serializes the one value whose events `send` sends to the box it is given.
    /// - Parameters:
    ///   - context: The query style, space encoding and parameter encoder of the request.
    ///   - send: Sends one value's events (a source: ``ValueEncoder``, a tree, the JSON text reader).
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: What the source throws, or what the format's writer throws.
    func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody
}

extension BodySerializer {
    /// Serializes the value that `send` produces: straight into the format's writer when it takes events, through
    /// a ``ParameterValue`` tree otherwise.
    /// - Parameters:
    ///   - context: The query style, space encoding and parameter encoder of the request.
    ///   - send: Sends one value's events.
    /// - Returns: The body and its `Content-Type`.
    /// - Throws: What the source or the format throws; ``SerializationError`` when the source sent no value.
    package func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody {
        if let eventSerializer = self as? any EventBodySerializer {
            return try eventSerializer.serialize(context: context, events: send)
        }
        return try serialize(try ParameterValue(events: send), context: context)
    }
}
