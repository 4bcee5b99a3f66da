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

    /// The names, for messages and `--help`.
    static var names: String { allCases.map(\.rawValue).joined(separator: " | ") }
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
