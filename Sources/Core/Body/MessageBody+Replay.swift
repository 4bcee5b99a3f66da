extension MessageBody {
    /// Whether the body can be produced again from its start: for a redirect (`307`, `308`) or an authentication
    /// retry that sends the same request twice.
    ///
    /// Every body is replayable except one made with ``init(length:singleUse:)`` and every body built on one (with
    /// ``reportingProgress(_:)``, ``throttled(packetSize:delay:)``, or a multipart form with such a part). Reading a
    /// body that is not replayable a second time throws ``SerializationError/Code/bodyAlreadyConsumed``, so an HTTP
    /// client checks this property before it sends the body again, and reports a clear error instead.
    ///
    /// ```swift
    /// if response.status == 307, request.body?.isReplayable ?? true {
    ///     // Send the same request, body and all, to the new location.
    /// }
    /// ```
    public var isReplayable: Bool { !readsSingleUseSource }

    /// This body, replayable only when every one of `bodies` is: for a body that reads other bodies.
    ///
    /// A format or a wrapper that produces its body from other bodies (a multipart form from its parts, a body
    /// that counts or transforms another one's bytes) calls this so that ``isReplayable`` keeps telling the truth:
    /// a form with one single-use part can be sent only once.
    ///
    /// ```swift
    /// let framed = MessageBody(length: .unknown) { FramedChunks(parts: parts) }
    ///     .inheritingReplayability(from: parts)
    /// ```
    /// - Parameter bodies: The bodies this body reads.
    /// - Returns: This body, not replayable when one of `bodies` is not.
    package func inheritingReplayability(from bodies: some Sequence<MessageBody>) -> MessageBody {
        var body = self
        if bodies.contains(where: { !$0.isReplayable }) { body.readsSingleUseSource = true }
        return body
    }
}
