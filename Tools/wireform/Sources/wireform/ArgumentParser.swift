/// Splits `argv` into options and positional arguments, GNU style, without any package dependency.
///
/// - `--name value` and `--name=value` for options that take a value; `--flag` for flags;
/// - `-x value` and `-xvalue` for short options that take a value; `-h` for short flags;
/// - `--` ends the options: everything after it is positional (a URL that starts with `-`).
///
/// It works on the arguments' bytes: values stay as given, and ``Options`` decides which must be UTF-8 text and
/// which are file paths.
struct ArgumentParser {
    /// One option the tool accepts.
    struct Option {
        /// The long name without dashes, such as `params`.
        let long: String
        /// The short name, such as `p`, if any (ASCII).
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
        /// The value's bytes, for options that take one.
        let value: [UInt8]?
    }

    /// The result of parsing: options in command-line order, then the positional arguments.
    struct Result {
        var occurrences: [Occurrence] = []
        var positionals: [[UInt8]] = []
    }

    let options: [Option]

    /// Parses the arguments (without the program name).
    /// - Throws: ``UsageError`` for an unknown option, a flag given a value or an option missing its value.
    func parse(_ arguments: [[UInt8]]) throws(UsageError) -> Result {
        let dash = UInt8(ascii: "-")
        var result = Result()
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == [dash, dash] {
                result.positionals.append(contentsOf: arguments[index...])
                break
            }
            if argument.starts(with: [dash, dash]) {
                let body = argument.dropFirst(2)
                let equals = body.firstIndex(of: UInt8(ascii: "="))
                let name = body[..<(equals ?? body.endIndex)]
                let inlineValue = equals.map { Array(body[($0 + 1)...]) }
                guard let option = options.first(where: { $0.long.utf8.elementsEqual(name) }) else {
                    throw UsageError("Unknown option \(quoted(bytes: [dash, dash] + name))")
                }
                let spelling = "--\(option.long)"
                if option.takesValue {
                    let value: [UInt8]
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
            } else if argument.first == dash && argument.count > 1 {
                let letter = argument[1]
                guard let option = options.first(where: { $0.short?.asciiValue == letter }), let short = option.short
                else {
                    throw UsageError("Unknown option \(quoted(bytes: [dash] + firstScalar(of: argument.dropFirst())))")
                }
                let spelling = "-\(short)"
                let rest = Array(argument.dropFirst(2))
                if option.takesValue {
                    let value: [UInt8]
                    if !rest.isEmpty {
                        value = rest
                    } else {
                        guard index < arguments.count else { throw UsageError("Missing value for '\(spelling)'") }
                        value = arguments[index]
                        index += 1
                    }
                    result.occurrences.append(Occurrence(name: option.long, spelling: spelling, value: value))
                } else {
                    guard rest.isEmpty else { throw UsageError("Unknown option \(quoted(bytes: argument))") }
                    result.occurrences.append(Occurrence(name: option.long, spelling: spelling, value: nil))
                }
            } else {
                result.positionals.append(argument)
            }
        }
        return result
    }

    /// The bytes of the first UTF-8 scalar (or the first invalid sequence), for naming an unknown short option.
    private func firstScalar(of bytes: ArraySlice<UInt8>) -> [UInt8] {
        var first: [UInt8] = []
        ArgumentText.forEachSequence(in: bytes) { sequence, _ in
            if first.isEmpty { first = sequence }
        }
        return first
    }
}
