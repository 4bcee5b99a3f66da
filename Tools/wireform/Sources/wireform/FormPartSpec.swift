import NIOConcurrencyHelpers

/// One `--field` or `--file` argument, in command-line order.
enum FormPartSpec: Sendable, Equatable {
    /// `--field NAME=VALUE`.
    case field(name: String, value: String)
    /// `--file NAME=@PATH[;filename=NAME][;type=MIME]`.
    case file(FilePartSpec)
}

/// A `--field` or `--file` value: the part, and its place among the parts, which swift-argument-parser does not
/// tell (it gives each option's values on their own).
struct PartArgument: RepeatableValue {
    /// The next ``position``. The parser reads the command line from left to right and types each value as it reads
    /// it, so the order of the transforms' calls is the command-line order.
    private static let nextPosition = NIOLockedValueBox(0)

    /// The part.
    let part: FormPartSpec
    /// Where the part stood among the parts: a larger number stood later.
    let position: Int

    /// A part, placed after every part typed before it.
    private init(_ part: FormPartSpec) {
        self.part = part
        position = Self.nextPosition.withLockedValue { position in
            position += 1
            return position
        }
    }

    /// `--field NAME=VALUE`.
    /// - Throws: ``UsageError`` for a value without `=` or not UTF-8.
    static func field(_ given: String) throws(UsageError) -> PartArgument {
        let value = try ArgumentValue.text(given)
        guard let equals = value.firstIndex(of: "=") else { throw UsageError("expected NAME=VALUE") }
        return PartArgument(.field(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
    }

    /// `--file NAME=@PATH[;filename=NAME][;type=MIME]`.
    /// - Throws: ``UsageError`` from ``FilePartSpec/init(parsing:)``.
    static func file(_ given: String) throws(UsageError) -> PartArgument {
        PartArgument(.file(try FilePartSpec(parsing: ArgumentBytes.bytes(given))))
    }
}
