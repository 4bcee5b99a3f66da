import Testing
import Wireform

extension DeepNestingTests {
    /// The built-in query styles, by name.
    enum Style: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case brackets, repeated, indexed, commaDelimited, dotted, deepObject, form, formUnexploded, spaceDelimited
        case pipeDelimited
        var testDescription: String { rawValue }

        var style: StandardQueryStyle {
            switch self {
            case .brackets: .brackets
            case .repeated: .repeated
            case .indexed: .indexed
            case .commaDelimited: .commaDelimited
            case .dotted: .dotted
            case .deepObject: .deepObject
            case .form: .form()
            case .formUnexploded: .form(explode: false)
            case .spaceDelimited: .spaceDelimited
            case .pipeDelimited: .pipeDelimited
            }
        }

        /// Whether the style nests arrays, sets and dictionaries alike, with indices or dots: then only the depth
        /// limit refuses a deep tree.
        var nestsEveryContainer: Bool { self == .indexed || self == .dotted }

        /// Whether the style nests dictionaries inside dictionaries.
        var nestsDictionaries: Bool { nestsEveryContainer || self == .deepObject || self == .repeated }
    }
}
