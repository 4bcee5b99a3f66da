extension ParameterValue: ExpressibleByStringLiteral {
    /// Creates a string value from a literal.
    /// - Parameter value: The string.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension ParameterValue: ExpressibleByIntegerLiteral {
    /// Creates an integer value from a literal.
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int) { self = .number(ParameterNumber(value)) }
}

extension ParameterValue: ExpressibleByFloatLiteral {
    /// Creates a floating-point value from a literal.
    /// - Parameter value: The value.
    public init(floatLiteral value: Double) { self = .number(ParameterNumber(value)) }
}

extension ParameterValue: ExpressibleByBooleanLiteral {
    /// Creates a boolean value from a literal.
    /// - Parameter value: The boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension ParameterValue: ExpressibleByArrayLiteral {
    /// Creates an array value from a literal.
    /// - Parameter elements: The elements, in order.
    public init(arrayLiteral elements: ParameterValue...) { self = .array(elements) }
}

extension ParameterValue: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary value from a literal, keeping the order of the keys.
    ///
    /// A key written twice keeps its first position and its last value.
    /// - Parameter elements: The key-value pairs.
    public init(dictionaryLiteral elements: (String, ParameterValue)...) {
        self = .dictionary(ParameterDictionary(elements))
    }
}
