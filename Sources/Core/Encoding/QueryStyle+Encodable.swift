extension QueryStyle {
    /// The percent-escaped query string for an `Encodable` value, without a leading `?`.
    ///
    /// The same text, and the same errors, as
    /// `queryString(for: try parameterEncoder.encode(value), spaceEncoding: spaceEncoding)`. A ``StandardQueryStyle``
    /// is written straight from the value by the encoder that ``ParameterValueEncoder`` uses into the style's one
    /// writer, without building a ``ParameterValue`` tree (only a set is kept whole, to be sorted); another style
    /// reads the tree. The value's `encode(to:)` runs once.
    ///
    /// ```swift
    /// struct Search: Encodable {
    ///     var query: String
    ///     var tags: [String]
    /// }
    /// let query = try StandardQueryStyle.brackets.queryString(encoding: Search(query: "swift", tags: ["a"]))
    /// // query=swift&tags%5B%5D=a
    /// ```
    /// - Parameters:
    ///   - value: The value; it must encode a dictionary (a keyed container) at the top level.
    ///   - parameterEncoder: How the value becomes parameters.
    ///   - spaceEncoding: How to write spaces.
    /// - Returns: The query string.
    /// - Throws: ``SerializationError`` as ``ParameterValueEncoder/encode(_:)`` and ``queryString(for:spaceEncoding:)``
    ///   throw it.
    public func queryString<Value: Encodable>(
        encoding value: Value,
        parameterEncoder: ParameterValueEncoder = ParameterValueEncoder(),
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20
    ) throws -> String {
        guard let style = self as? StandardQueryStyle else {
            // A custom style reads a tree.
            var bytes: [UInt8] = []
            try appendQuery(for: try parameterEncoder.encode(value), to: &bytes, spaceEncoding: spaceEncoding)
            return String(decoding: bytes, as: UTF8.self)
        }
        // Straight from the writer's buffer into the string.
        return try style.writtenQueryString(
            events: { try ValueEncoder(sink: $0, options: parameterEncoder).encode(value) },
            spaceEncoding: spaceEncoding)
    }

    /// Appends the query for an `Encodable` value, as ``queryString(encoding:parameterEncoder:spaceEncoding:)``
    /// writes it (form bodies).
    /// - Parameters:
    ///   - value: The value; it must encode a dictionary (a keyed container) at the top level.
    ///   - bytes: The buffer to append to.
    ///   - parameterEncoder: How the value becomes parameters.
    ///   - spaceEncoding: How to write spaces.
    /// - Throws: ``SerializationError`` as ``ParameterValueEncoder/encode(_:)`` and
    ///   `appendQuery(for:to:spaceEncoding:)` throw it.
    package func appendQuery<Value: Encodable>(
        encoding value: Value,
        to bytes: inout [UInt8],
        parameterEncoder: ParameterValueEncoder = ParameterValueEncoder(),
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20
    ) throws {
        guard let style = self as? StandardQueryStyle else {
            // A custom style reads a tree.
            return try appendQuery(for: try parameterEncoder.encode(value), to: &bytes, spaceEncoding: spaceEncoding)
        }
        try style.writeQuery(
            events: { try ValueEncoder(sink: $0, options: parameterEncoder).encode(value) }, to: &bytes,
            spaceEncoding: spaceEncoding)
    }
}
