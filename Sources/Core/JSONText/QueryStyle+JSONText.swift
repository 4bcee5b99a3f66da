extension QueryStyle {
    /// Appends the query (or form body) for JSON text, as `appendQuery(for: ParameterValue(json: text), …)` writes
    /// it: a ``StandardQueryStyle`` straight from the reader's events, with the one query writer that also takes
    /// trees and `Encodable` values; another style reads a tree.
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
        try appendQuery(events: text.sendEvents(to:), to: &bytes, spaceEncoding: spaceEncoding)
    }
}
