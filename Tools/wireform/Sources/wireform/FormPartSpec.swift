/// One `--field` or `--file` argument, in command-line order.
enum FormPartSpec: Sendable, Equatable {
    /// `--field NAME=VALUE`.
    case field(name: String, value: String)
    /// `--file NAME=@PATH[;filename=NAME][;type=MIME]`.
    case file(FilePartSpec)
}

/// A `--field` or `--file` value: the part, and the argument as the parser read it, which ``ArgumentPositions``
/// finds on the command line to put the parts in command-line order.
struct PartArgument: RepeatableValue {
    /// The part.
    let part: FormPartSpec
    /// The value as swift-argument-parser read it (an ``ArgumentBytes`` string).
    let given: String

    /// `--field NAME=VALUE`.
    /// - Throws: ``UsageError`` for a value without `=` or not UTF-8.
    static func field(_ given: String) throws(UsageError) -> PartArgument {
        let value = try ArgumentValue.text(given)
        guard let equals = value.firstIndex(of: "=") else { throw UsageError("expected NAME=VALUE") }
        let part = FormPartSpec.field(
            name: String(value[..<equals]), value: String(value[value.index(after: equals)...]))
        return PartArgument(part: part, given: given)
    }

    /// `--file NAME=@PATH[;filename=NAME][;type=MIME]`.
    /// - Throws: ``UsageError`` from ``FilePartSpec/init(parsing:)``.
    static func file(_ given: String) throws(UsageError) -> PartArgument {
        PartArgument(part: .file(try FilePartSpec(parsing: ArgumentBytes.bytes(given))), given: given)
    }
}
