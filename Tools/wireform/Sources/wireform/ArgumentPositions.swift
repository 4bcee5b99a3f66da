/// How `--field` and `--file` interleave on the command line, which swift-argument-parser does not say (it gives
/// each option's values on their own): the order of the multipart parts.
struct ArgumentPositions {
    /// The arguments as the parser read them (``ArgumentBytes``).
    let arguments: [String]

    /// The `--field` and `--file` parts in command-line order.
    func parts(fields: [PartArgument], files: [PartArgument]) -> [FormPartSpec] {
        /// Each part with the index its value stood at: the parser read them in this order, so each is found after
        /// the last.
        func located(_ parts: [PartArgument], _ name: String) -> [(index: Int, part: FormPartSpec)] {
            var start = 0
            return parts.map { part in
                start = (index(of: part.given, after: name, from: start) ?? start) + 1
                return (start, part.part)
            }
        }
        return (located(fields, "--field") + located(files, "--file")).sorted { $0.index < $1.index }.map { $0.part }
    }

    /// The first index at or after `start` where the long option `name` is given `value` (`--file VALUE` or
    /// `--file=VALUE`), before any `--`.
    private func index(of value: String, after name: String, from start: Int) -> Int? {
        var index = start
        while index < arguments.count, arguments[index] != "--" {
            if arguments[index] == name + "=" + value
                || (arguments[index] == name && index + 1 < arguments.count && arguments[index + 1] == value)
            {
                return index
            }
            index += 1
        }
        return nil
    }
}
