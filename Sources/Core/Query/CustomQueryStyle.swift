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
public struct CustomQueryStyle: QueryStyle {
    private let makePairs: @Sendable (ParameterValue) throws -> [QueryPair]

    /// Creates a style from a closure.
    /// - Parameter makePairs: Returns the pairs for a parameter tree, or throws.
    package init(_ makePairs: @escaping @Sendable (ParameterValue) throws -> [QueryPair]) {
        self.makePairs = makePairs
    }

    /// Appends the closure's pairs.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - pairs: The array to append to.
    /// - Throws: Whatever the closure throws.
    public func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) throws {
        pairs.append(contentsOf: try makePairs(parameters))
    }
}

extension QueryStyle where Self == CustomQueryStyle {
    /// A style made from a closure that returns the pairs for a parameter tree and may throw.
    /// - Parameter makePairs: The closure.
    /// - Returns: The style.
    public static func custom(_ makePairs: @escaping @Sendable (ParameterValue) throws -> [QueryPair]) -> Self {
        CustomQueryStyle(makePairs)
    }
}
