/// A query style made from a closure.
///
/// This one writes flat `name=value` pairs of strings and numbers, in the dictionary's order, and throws for
/// anything else:
///
/// ```swift
/// let flat: some QueryStyle = .custom { parameters in
///     guard case .dictionary(let dictionary) = parameters else {
///         throw SerializationError(.unsupportedValue, "A flat query needs a dictionary")
///     }
///     return try dictionary.map { name, value in
///         switch value {
///         case .string(let text): return QueryPair(name: name, value: .text(text))
///         case .number(let number): return QueryPair(name: name, value: .text(number.description))
///         default: throw SerializationError(.unsupportedValue, "'\(name)' is not a string or number")
///         }
///     }
/// }
/// try flat.queryString(for: ["q": "swift", "page": 2])  // q=swift&page=2
/// try flat.queryString(for: ["tags": ["a"]])  // throws: 'tags' is not a string or number
/// ```
///
/// ``QueryStyle/raw(_:)`` makes one from a closure that returns the whole query instead, written as it is.
public struct CustomQueryStyle: QueryStyle {
    private enum Source: Sendable {
        case pairs(@Sendable (ParameterValue) throws -> [QueryPair])
        case raw(@Sendable (ParameterValue) throws -> String)
    }

    private let source: Source

    /// Creates a style from a closure that returns pairs.
    /// - Parameter makePairs: Returns the pairs for a parameter tree, or throws.
    package init(_ makePairs: @escaping @Sendable (ParameterValue) throws -> [QueryPair]) {
        source = .pairs(makePairs)
    }

    /// Creates a style from a closure that returns the whole, already escaped query.
    /// - Parameter makeQuery: Returns the query for a parameter tree, or throws.
    package init(raw makeQuery: @escaping @Sendable (ParameterValue) throws -> String) {
        source = .raw(makeQuery)
    }

    /// Appends the closure's pairs; for a ``QueryStyle/raw(_:)`` style, the pairs of its query, each name and
    /// value percent-decoded (so that a multipart form gets the same fields).
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - pairs: The array to append to.
    /// - Throws: Whatever the closure throws, or ``SerializationError/Code/unsupportedValue`` when a raw query is not
    ///   a valid query.
    public func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws {
        switch source {
        case .pairs(let makePairs):
            pairs.append(contentsOf: try makePairs(parameters))
        case .raw(let makeQuery):
            pairs.append(contentsOf: try RawQuery.pairs(in: RawQuery.checked(try makeQuery(parameters))))
        }
    }

    /// The raw query's bytes, checked, or `nil` for a style that returns pairs.
    package func rawQuery(for parameters: ParameterValue) throws -> [UInt8]? {
        guard case .raw(let makeQuery) = source else { return nil }
        return try RawQuery.checked(try makeQuery(parameters))
    }
}

extension QueryStyle where Self == CustomQueryStyle {
    /// A style made from a closure that returns the pairs for a parameter tree and may throw.
    /// - Parameter makePairs: The closure.
    /// - Returns: The style.
    public static func custom(_ makePairs: @escaping @Sendable (ParameterValue) throws -> [QueryPair]) -> Self {
        CustomQueryStyle(makePairs)
    }

    /// A style made from a closure that returns the whole query for a parameter tree, used as it is: no escaping,
    /// no `&` added (AFNetworking's `setQueryStringSerializationWithBlock:`).
    ///
    /// ```swift
    /// serializer.queryStyle = .raw { parameters in
    ///     guard case .dictionary(let fields) = parameters, case .string(let id)? = fields["id"] else { return "" }
    ///     return "id=" + id.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    /// }
    /// ```
    ///
    /// The text goes into URLs and form bodies as returned, so it must already be a valid query: printable ASCII
    /// without spaces or `#`, and every `%` followed by two hex digits; anything else is thrown as
    /// ``SerializationError/Code/unsupportedValue`` naming the first bad byte, never sent. A multipart form gets
    /// the query's pairs, each name and value percent-decoded.
    /// - Parameter makeQuery: The closure.
    /// - Returns: The style.
    public static func raw(_ makeQuery: @escaping @Sendable (ParameterValue) throws -> String) -> Self {
        CustomQueryStyle(raw: makeQuery)
    }
}
