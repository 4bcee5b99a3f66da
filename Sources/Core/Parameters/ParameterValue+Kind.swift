extension ParameterValue {
    /// A short name of the value's kind for error messages, with its article: `a string`, `a number`,
    /// `a boolean`, `null`, `data`, `a date`, `an array`, `a dictionary`, `a set`.
    ///
    /// Wireform's formats use it in their messages ("A JSON body must be an object or an array, not a string"); a
    /// third-party format can use it to write errors in the same style.
    package var kindName: String {
        switch self {
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .data: return "data"
        case .date: return "a date"
        case .array: return "an array"
        case .dictionary: return "a dictionary"
        case .set: return "a set"
        }
    }
}
