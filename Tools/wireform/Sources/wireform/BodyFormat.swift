import ArgumentParser

/// The values of an option that names one of a few choices (`--format`, `--query-style`, `--bool`, `--key-order`).
protocol OptionChoice: CaseIterable, RawRepresentable<String>, Sendable {}

extension OptionChoice {
    /// The names, for messages and `--help`.
    static var names: String { allCases.map(\.rawValue).joined(separator: " | ") }

    /// The names, for completion scripts.
    static var completion: CompletionKind { .list(allCases.map(\.rawValue)) }

    /// The case a command-line value names.
    /// - Throws: ``UsageError`` listing the names (as the reason swift-argument-parser prints).
    static func parse(_ value: String) throws(UsageError) -> Self {
        guard let choice = Self(rawValue: try ArgumentValue.text(value)) else { throw UsageError("expected \(names)") }
        return choice
    }
}

/// The body formats `--format` names.
enum BodyFormat: String, OptionChoice {
    case form
    case json
    case plist
    case plistBinary = "plist-binary"
    case multipart

}

/// The query styles `--query-style` names.
enum QueryStyleName: String, OptionChoice {
    case brackets
    case repeated
    case indexed
    case comma
    case dotted
    case deepObject = "deep-object"
    /// OpenAPI `form`, `explode: true`: `k=a&k=b`, a dictionary's keys as names of their own.
    case form
    /// OpenAPI `form`, `explode: false`: `k=a,b`, a dictionary as `k=key,value,…` (unlike `comma`, which nests
    /// dictionaries with brackets).
    case formNoExplode = "form-no-explode"
    /// OpenAPI `spaceDelimited`: `k=a%20b`.
    case spaceDelimited = "space-delimited"
    /// OpenAPI `pipeDelimited`: `k=a%7Cb`.
    case pipeDelimited = "pipe-delimited"

    /// The boolean encoding when `--bool` is not given: `numeric` for the AFNetworking-style names (as before),
    /// `literal` for the OpenAPI styles added with them, as OpenAPI servers expect.
    var defaultBools: BoolName {
        switch self {
        case .brackets, .repeated, .indexed, .comma, .dotted, .deepObject: .numeric
        case .form, .formNoExplode, .spaceDelimited, .pipeDelimited: .literal
        }
    }
}

/// The boolean encodings `--bool` names.
enum BoolName: String, OptionChoice {
    case numeric
    case literal

}

/// The key orders `--key-order` names.
enum KeyOrderName: String, OptionChoice {
    case sorted
    case insertion

}
