import Wireform

extension ParameterValue {
    /// The deepest nesting of arrays, dictionaries and sets a protobuf `Struct` is built from: the limit Wireform's
    /// own formats apply (128), so the deepest tree one accepts, the other accepts too.
    static let maximumStructDepth = 128

    /// The value's kind with its article, for error messages in the wording of Wireform's own formats: `a string`,
    /// `an array`, `null`.
    var kindName: String {
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
