/// A malformed command line: an unknown option, a missing or bad option value, `--params` that is not valid JSON.
///
/// The tool prints ``message`` on one line and exits with status 2.
struct UsageError: Error {
    /// What was wrong, naming the option or argument.
    let message: String

    init(_ message: String) { self.message = message }
}

/// Quotes untrusted text for a one-line message: control characters become escapes.
func quoted(_ text: some StringProtocol) -> String {
    var result = "'"
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\r": result += "\\r"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        case _ where scalar.value < 0x20 || scalar.value == 0x7F:
            result += "\\u{\(String(scalar.value, radix: 16))}"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "'"
}
