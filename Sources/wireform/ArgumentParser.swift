/// Splits `argv` into options and positional arguments, GNU style, without any package dependency.
///
/// - `--name value` and `--name=value` for options that take a value; `--flag` for flags;
/// - `-x value` and `-xvalue` for short options that take a value; `-h` for short flags;
/// - `--` ends the options: everything after it is positional (a URL that starts with `-`).
struct ArgumentParser {
    /// One option the tool accepts.
    struct Option {
        /// The long name without dashes, such as `params`.
        let long: String
        /// The short name, such as `p`, if any.
        let short: Character?
        /// Whether the option takes a value.
        let takesValue: Bool
    }

    /// One option as it appeared on the command line.
    struct Occurrence {
        /// The option's long name.
        let name: String
        /// The spelling used, for messages (`-p` or `--params`).
        let spelling: String
        /// The value, for options that take one.
        let value: String?
    }

    /// The result of parsing: options in command-line order, then the positional arguments.
    struct Result {
        var occurrences: [Occurrence] = []
        var positionals: [String] = []
    }

    let options: [Option]

    /// Parses the arguments (without the program name).
    /// - Throws: ``UsageError`` for an unknown option, a flag given a value or an option missing its value.
    func parse(_ arguments: [String]) throws(UsageError) -> Result {
        var result = Result()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                result.positionals.append(contentsOf: arguments[index...])
                break
            }
            if argument.hasPrefix("--") {
                let body = argument.dropFirst(2)
                let name = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)[0]
                let inlineValue = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
                guard let option = options.first(where: { $0.long == name }) else {
                    throw UsageError("Unknown option \(quoted("--" + name))")
                }
                let spelling = "--\(option.long)"
                if option.takesValue {
                    let value: String
                    if let inlineValue {
                        value = inlineValue
                    } else {
                        guard index < arguments.count else { throw UsageError("Missing value for '\(spelling)'") }
                        value = arguments[index]
                        index += 1
                    }
                    result.occurrences.append(Occurrence(name: option.long, spelling: spelling, value: value))
                } else {
                    guard inlineValue == nil else { throw UsageError("Option '\(spelling)' does not take a value") }
                    result.occurrences.append(Occurrence(name: option.long, spelling: spelling, value: nil))
                }
            } else if argument.hasPrefix("-") && argument.count > 1 {
                let letter = argument[argument.index(after: argument.startIndex)]
                guard let option = options.first(where: { $0.short == letter }) else {
                    throw UsageError("Unknown option \(quoted("-" + String(letter)))")
                }
                let spelling = "-\(letter)"
                let rest = String(argument.dropFirst(2))
                if option.takesValue {
                    let value: String
                    if !rest.isEmpty {
                        value = rest
                    } else {
                        guard index < arguments.count else { throw UsageError("Missing value for '\(spelling)'") }
                        value = arguments[index]
                        index += 1
                    }
                    result.occurrences.append(Occurrence(name: option.long, spelling: spelling, value: value))
                } else {
                    guard rest.isEmpty else { throw UsageError("Unknown option \(quoted(argument))") }
                    result.occurrences.append(Occurrence(name: option.long, spelling: spelling, value: nil))
                }
            } else {
                result.positionals.append(argument)
            }
        }
        return result
    }
}
