/// Where values stood on the command line, which swift-argument-parser does not say: the name an option was given
/// by (`-f` or `--format`), for messages, and how `--field` and `--file` interleave, for the order of the parts.
struct ArgumentPositions {
    /// The arguments as the parser read them (``ArgumentBytes``).
    let arguments: [String]

    /// The first place at or after `start` where one of `names` is given `value`: `-f VALUE`, `-fVALUE`,
    /// `--format VALUE` or `--format=VALUE`, before any `--`.
    /// - Returns: The index of the argument that holds the name, and the name.
    func position(of value: String, names: [String], from start: Int = 0) -> (index: Int, name: String)? {
        var index = start
        while index < arguments.count, arguments[index] != "--" {
            let argument = arguments[index]
            for name in names {
                let isShort = !name.hasPrefix("--")
                if argument == (isShort ? name : name + "=") + value
                    || (argument == name && index + 1 < arguments.count && arguments[index + 1] == value)
                {
                    return (index, name)
                }
            }
            index += 1
        }
        return nil
    }

    /// The name `value` was given by, quoted for a message: the first of `names` that the command line uses with
    /// it, else the last (the long name).
    func spelling(of value: String, names: [String]) -> String {
        "'\(position(of: value, names: names)?.name ?? names.last ?? "")'"
    }

    /// `--field` and `--file` values in command-line order.
    func interleaving(fields: [String], files: [String]) -> [(isFile: Bool, value: String)] {
        /// Each value with the index it stood at: the parser read them in this order, so each is found after the last.
        func located(_ values: [String], _ name: String) -> [(index: Int, value: String)] {
            var start = 0
            return values.map { value in
                start = (position(of: value, names: [name], from: start)?.index ?? start) + 1
                return (start, value)
            }
        }
        let parts =
            located(fields, "--field").map { ($0.index, false, $0.value) }
            + located(files, "--file").map { ($0.index, true, $0.value) }
        return parts.sorted { $0.0 < $1.0 }.map { ($0.1, $0.2) }
    }
}
