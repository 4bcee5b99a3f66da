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
        var parts: [(isFile: Bool, value: String)] = []
        var (field, file, start) = (0, 0, 0)
        while field < fields.count || file < files.count {
            let nextField = field < fields.count ? position(of: fields[field], names: ["--field"], from: start) : nil
            let nextFile = file < files.count ? position(of: files[file], names: ["--file"], from: start) : nil
            // The parser read each value from such a place, so one is found; fields first should none be.
            let takesFile =
                file < files.count && (field == fields.count || (nextFile?.index ?? .max) < (nextField?.index ?? .max))
            if takesFile {
                parts.append((true, files[file]))
                file += 1
                start = (nextFile?.index ?? start) + 1
            } else {
                parts.append((false, fields[field]))
                field += 1
                start = (nextField?.index ?? start) + 1
            }
        }
        return parts
    }
}
