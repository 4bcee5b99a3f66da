#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ways into ``QueryWriter``, the one writer of a ``StandardQueryStyle``: a tree is sent as events with the
/// style's key order (so its members arrive in order and nothing is moved); other sources send their events into a
/// box (``EscapedQueryWriterBox``, ``QueryFieldWriterBox``).
extension StandardQueryStyle {
    /// Appends the pairs for a tree, as the one writer writes them.
    func writePairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws(SerializationError) {
        var writer = QueryWriter(style: self, output: QueryPairSink(pairs: []))
        swap(&writer.output.pairs, &pairs)
        defer { swap(&writer.output.pairs, &pairs) }
        send(parameters, to: &writer)
        try writer.finish()
    }

    /// The escaped query for a tree, as text.
    func writtenQueryString(
        for parameters: ParameterValue,
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws(SerializationError) -> String {
        var writer = QueryWriter(style: self, spaceEncoding: spaceEncoding)
        send(parameters, to: &writer)
        return try writer.finishString()
    }

    /// Appends the escaped query for a tree; `bytes` is unchanged when it throws.
    func writeQuery(
        for parameters: ParameterValue,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws(SerializationError) {
        var writer = QueryWriter(style: self, spaceEncoding: spaceEncoding)
        send(parameters, to: &writer)
        try writer.finish(appendingTo: &bytes)
    }

    /// Sends a tree into the writer, members in the style's key order.
    private func send<Output: QuerySink & ~Copyable>(
        _ parameters: ParameterValue,
        to writer: inout QueryWriter<Output>
    ) {
        // The writer keeps its errors instead of throwing them; `finish()` throws the first. The walk throws only
        // where it stops, past the depth limit, after ending every container it began: the writer has refused that
        // container itself, or another error of its own comes first; if it has none, the walk's is the error.
        do {
            try parameters.sendEvents(to: &writer, keyOrdering: keyOrdering)
        } catch let error as SerializationError {
            if writer.error == nil { writer.error = error }
        } catch {
            // Not reached: the writer's events throw nothing, and the walk throws only `SerializationError`.
        }
    }

    /// Appends the escaped query for the value that `send` sends; `bytes` is unchanged when it throws.
    func writeQuery(
        events send: (any EncodingSinkBox) throws -> Void,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws {
        let box = EscapedQueryWriterBox(QueryWriter(style: self, spaceEncoding: spaceEncoding))
        try send(box)
        try box.writer.finish(appendingTo: &bytes)
    }

    /// The escaped query for the value that `send` sends, as `Data` that owns the writer's buffer (no copy).
    func writtenQueryData(
        events send: (any EncodingSinkBox) throws -> Void,
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws -> Data {
        let box = EscapedQueryWriterBox(QueryWriter(style: self, spaceEncoding: spaceEncoding))
        try send(box)
        return try box.writer.finishData()
    }

    /// The escaped query for the value that `send` sends, as text.
    func writtenQueryString(
        events send: (any EncodingSinkBox) throws -> Void,
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws -> String {
        let box = EscapedQueryWriterBox(QueryWriter(style: self, spaceEncoding: spaceEncoding))
        try send(box)
        return try box.writer.finishString()
    }

    /// `prefix` followed by the escaped query for the value that `send` sends, as text: the query is written once and
    /// moved into the text (a URL's target), never held twice.
    func writtenQuery(
        events send: (any EncodingSinkBox) throws -> Void,
        after prefix: String,
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws -> String {
        let box = EscapedQueryWriterBox(QueryWriter(style: self, spaceEncoding: spaceEncoding))
        try send(box)
        return try box.writer.finishText(after: prefix)
    }
}

extension QueryStyle {
    /// Appends the escaped query (a form body, or a query after `?`) for the value that `send` sends: a
    /// ``StandardQueryStyle`` writes the events; another style gets a tree.
    /// - Parameters:
    ///   - send: Sends one value's events (a source: ``ValueEncoder``, a tree, the JSON text reader).
    ///   - bytes: The buffer to append to.
    ///   - spaceEncoding: How to write spaces.
    /// - Throws: What the source throws, or ``SerializationError`` when the value cannot be written in this style.
    package func appendQuery(
        events send: (any EncodingSinkBox) throws -> Void,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws {
        if let style = self as? StandardQueryStyle {
            return try style.writeQuery(events: send, to: &bytes, spaceEncoding: spaceEncoding)
        }
        try appendQuery(for: try ParameterValue(events: send), to: &bytes, spaceEncoding: spaceEncoding)
    }

    /// The escaped query (a form body) for the value that `send` sends, as a body: a ``StandardQueryStyle`` hands
    /// its writer's buffer over without copying it (a body of hundreds of megabytes is held once); another style gets
    /// a tree.
    /// - Parameters:
    ///   - send: Sends one value's events.
    ///   - spaceEncoding: How to write spaces.
    /// - Returns: The body, with the bytes ``appendQuery(events:to:spaceEncoding:)`` appends.
    /// - Throws: What the source throws, or ``SerializationError`` when the value cannot be written in this style.
    package func queryBody(
        events send: (any EncodingSinkBox) throws -> Void,
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws -> MessageBody {
        if let style = self as? StandardQueryStyle {
            return MessageBody(data: try style.writtenQueryData(events: send, spaceEncoding: spaceEncoding))
        }
        var bytes: [UInt8] = []
        try appendQuery(for: try ParameterValue(events: send), to: &bytes, spaceEncoding: spaceEncoding)
        return MessageBody(bytes: bytes)
    }
}
