extension ParameterValue {
    /// A short name of the value's kind for messages: `a string`, `an array`, `null`, ….
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
