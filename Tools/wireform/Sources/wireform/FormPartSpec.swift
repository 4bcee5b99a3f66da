/// One `--field` or `--file` argument, in command-line order.
enum FormPartSpec: Sendable, Equatable {
    /// `--field NAME=VALUE`.
    case field(name: String, value: String)
    /// `--file NAME=@PATH[;filename=NAME][;type=MIME]`.
    case file(FilePartSpec)
}
