extension SerializationError {
    /// Quotes untrusted text for an error message, on one line: `'value'`, with CR, LF, tab and NUL written as
    /// `\r`, `\n`, `\t`, `\0` and every other control character as `\u{1b}`, so that a message never carries raw
    /// control characters to a terminal or a log.
    ///
    /// Wireform's own messages use it for every key, header, media type and file name they show; a third-party
    /// ``BodySerializer`` or ``QueryStyle`` can use it to write errors in the same style:
    ///
    /// ```swift
    /// throw SerializationError(.unsupportedValue, "Field \(SerializationError.quoted(name)) has no CSV form")
    /// ```
    /// - Parameter text: The text to show.
    /// - Returns: The text in single quotes, with control characters escaped.
    public static func quoted(_ text: some StringProtocol) -> String {
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
