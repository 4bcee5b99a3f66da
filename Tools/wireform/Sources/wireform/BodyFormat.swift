/// The body formats `--format` names.
enum BodyFormat: String, CaseIterable, Sendable {
    case form
    case json
    case plist
    case plistBinary = "plist-binary"
    case multipart

    /// The names, for messages and `--help`.
    static var names: String { allCases.map(\.rawValue).joined(separator: " | ") }
}

/// The query styles `--query-style` names.
enum QueryStyleName: String, CaseIterable, Sendable {
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

    /// The names, for messages and `--help`.
    static var names: String { allCases.map(\.rawValue).joined(separator: " | ") }

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
enum BoolName: String, CaseIterable, Sendable {
    case numeric
    case literal

    /// The names, for messages and `--help`.
    static var names: String { allCases.map(\.rawValue).joined(separator: " | ") }
}

/// The key orders `--key-order` names.
enum KeyOrderName: String, CaseIterable, Sendable {
    case sorted
    case insertion

    /// The names, for messages and `--help`.
    static var names: String { allCases.map(\.rawValue).joined(separator: " | ") }
}
