extension QueryStyle {
    /// The fields for a parameter tree, in the order they are written: a ``StandardQueryStyle``'s one writer names
    /// them straight into ``QueryFields``; another style's pairs are stored there.
    /// - Parameter parameters: The parameters.
    /// - Returns: The fields.
    /// - Throws: When the parameters cannot be written in this style.
    package func fields(for parameters: ParameterValue) throws -> QueryFields {
        guard let style = self as? StandardQueryStyle else {
            var sink = QueryFieldSink()
            for pair in try pairs(for: parameters) { sink.append(pair) }
            return sink.takeFields()
        }
        var writer = QueryWriter(style: style, output: QueryFieldSink())
        // The writer keeps its errors instead of throwing them; `finish()` throws the first. The walk throws only
        // where it stops, past the depth limit, after ending every container it began: the writer has refused that
        // container itself, or another error of its own comes first; if it has none, the walk's is the error.
        do {
            try parameters.sendEvents(to: &writer, keyOrdering: style.keyOrdering)
        } catch let error as SerializationError {
            if writer.error == nil { writer.error = error }
        } catch {
            // Not reached: the writer's events throw nothing, and the walk throws only `SerializationError`.
        }
        try writer.finish()
        return writer.output.takeFields()
    }

    /// The fields for the value that `send` sends, in the order they are written: a ``StandardQueryStyle``'s one
    /// writer names them from the events, straight into ``QueryFields``; another style gets a tree.
    /// - Parameter send: Sends one value's events (a tree, an `Encodable` value, JSON text).
    /// - Returns: The fields.
    /// - Throws: What the source throws, or ``SerializationError`` when the value cannot be written in this style.
    package func fields(events send: (any EncodingSinkBox) throws -> Void) throws -> QueryFields {
        guard let style = self as? StandardQueryStyle else { return try fields(for: try ParameterValue(events: send)) }
        let box = QueryFieldWriterBox(QueryWriter(style: style, output: QueryFieldSink()))
        try send(box)
        try box.writer.finish()
        return box.writer.output.takeFields()
    }
}
