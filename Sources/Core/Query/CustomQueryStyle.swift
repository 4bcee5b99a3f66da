/// A query style made from a closure.
///
/// ```swift
/// let style: some QueryStyle = .custom { parameters in
///     guard case .dictionary(let dictionary) = parameters else {
///         throw SerializationError(.invalidTopLevelValue, "Expected a dictionary")
///     }
///     return dictionary.map { QueryPair(name: $0.key, text: "\($0.value)") }
/// }
/// ```
public struct CustomQueryStyle: QueryStyle {
    private let makePairs: @Sendable (ParameterValue) throws -> [QueryPair]

    /// Creates a style from a closure.
    /// - Parameter makePairs: Returns the pairs for a parameter tree, or throws.
    public init(_ makePairs: @escaping @Sendable (ParameterValue) throws -> [QueryPair]) {
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
