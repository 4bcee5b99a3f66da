import Wireform

extension SerializationError {
    /// Quotes untrusted text for an error message on one line, as Wireform's own messages do: `'value'`, with CR,
    /// LF, tab and NUL written as `\r`, `\n`, `\t`, `\0` and every other control character as `\u{1b}`.
    static func quoted(_ text: some StringProtocol) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": result += "\\r"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\0": result += "\\0"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "'"
    }
}
