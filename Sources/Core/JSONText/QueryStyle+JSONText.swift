extension QueryStyle {
    /// Appends the query (or form body) for JSON text, as `appendQuery(for: ParameterValue(json: text), …)` writes
    /// it: a ``StandardQueryStyle`` straight from the reader's events, with the same writer as an `Encodable` value
    /// (``QueryStyle/appendQuery(encoding:to:parameterEncoder:spaceEncoding:)``); another style reads a tree.
    /// - Parameters:
    ///   - text: The JSON text; it must hold a dictionary at the top level.
    ///   - bytes: The buffer to append to.
    ///   - spaceEncoding: How to write spaces.
    /// - Throws: ``SerializationError`` for invalid text and as `appendQuery(for:to:spaceEncoding:)` throws it.
    package func appendQuery(
        jsonText text: JSONText,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws {
        guard let style = self as? StandardQueryStyle else {
            // A custom style reads a tree.
            return try appendQuery(for: try ParameterValue(json: text), to: &bytes, spaceEncoding: spaceEncoding)
        }
        let query = QueryEncodingSink.Box(QueryEncodingSink(style: style, spaceEncoding: spaceEncoding))
        try text.sendEvents(to: query)
        try query.sink.finish(appendingTo: &bytes)
    }
}
