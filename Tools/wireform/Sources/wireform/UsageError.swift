import Wireform

/// A malformed command line: an unknown option, a missing or bad option value, `--params` that is not valid JSON.
///
/// The tool prints ``message`` on one line and exits with status 2.
struct UsageError: Error {
    /// What was wrong, naming the option or argument.
    let message: String

    init(_ message: String) { self.message = message }
}

/// Quotes untrusted text for a one-line message, as Wireform's own errors do: control characters (C0, DEL and C1)
/// become escapes.
func quoted(_ text: some StringProtocol) -> String { SerializationError.quoted(text) }
