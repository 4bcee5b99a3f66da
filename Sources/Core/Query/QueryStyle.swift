/// A way of turning parameters into ordered `name=value` pairs for query strings, form bodies and multipart forms.
///
/// Pick a built-in style as a static member (``brackets`` is the default, AFNetworking-compatible), configure
/// ``StandardQueryStyle`` yourself, write a closure with ``custom(_:)``, or conform your own type:
///
/// ```swift
/// struct UppercaseKeysStyle: QueryStyle {
///     func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws {
///         guard case .dictionary(let dictionary) = parameters else {
///             throw SerializationError(.unsupportedValue, "Expected a dictionary")
///         }
///         for (key, value) in dictionary {
///             if case .string(let text) = value { pairs.append(QueryPair(name: key.uppercased(), value: .text(text))) }
///         }
///     }
/// }
/// ```
public protocol QueryStyle: Sendable {
    /// Appends the pairs for a parameter tree, in the order they are written.
    /// - Parameters:
    ///   - parameters: The parameters; the built-in styles require a dictionary at the top.
    ///   - pairs: The array to append to.
    /// - Throws: ``SerializationError`` (or an error of the conformer's own) when the parameters cannot be written.
    func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws
}

extension QueryStyle {
    /// The percent-escaped query string for a parameter tree, without a leading `?`.
    ///
    /// The pairs from ``appendPairs(for:to:)``, each name and value escaped and joined with `&`; a
    /// ``StandardQueryStyle`` writes the same bytes straight into one buffer, without building the pairs.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - spaceEncoding: How to write spaces.
    /// - Returns: A string such as `a=1&b%5B%5D=x`.
    /// - Throws: When the parameters cannot be written in this style.
    public func queryString(
        for parameters: ParameterValue,
        spaceEncoding: PercentEncoding.SpaceEncoding = .percent20
    ) throws -> String {
        if let style = self as? StandardQueryStyle {
            return try style.writtenQueryString(for: parameters, spaceEncoding: spaceEncoding)
        }
        var bytes: [UInt8] = []
        try appendQuery(for: parameters, to: &bytes, spaceEncoding: spaceEncoding)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The pairs for a parameter tree, in the order they are written.
    /// - Parameter parameters: The parameters.
    /// - Returns: The pairs.
    /// - Throws: When the parameters cannot be written in this style.
    package func pairs(for parameters: ParameterValue) throws -> [QueryPair] {
        var pairs: [QueryPair] = []
        try appendPairs(for: parameters, to: &pairs)
        return pairs
    }

    /// Appends the percent-escaped query for a parameter tree (a form body, or a query after `?`): a
    /// ``StandardQueryStyle`` writes it directly, another style's pairs are escaped by `QueryString`.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - bytes: The buffer to append to.
    ///   - spaceEncoding: How to write spaces.
    /// - Throws: When the parameters cannot be written in this style.
    package func appendQuery(
        for parameters: ParameterValue,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws {
        if let style = self as? StandardQueryStyle {
            return try style.writeQuery(for: parameters, to: &bytes, spaceEncoding: spaceEncoding)
        }
        if let style = self as? CustomQueryStyle, let raw = try style.rawQuery(for: parameters) {
            return bytes.append(contentsOf: raw)
        }
        QueryString.append(try pairs(for: parameters), to: &bytes, spaceEncoding: spaceEncoding)
    }
}
