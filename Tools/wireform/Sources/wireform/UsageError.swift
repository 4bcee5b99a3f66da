import Wireform

/// A malformed command line: an unknown option, a missing or bad option value, `--params` that is not valid JSON.
///
/// The tool prints ``message`` on one line and exits with status 2. Thrown by an option's transform, the message is
/// the reason swift-argument-parser prints after the value and the option as the user spelled it.
struct UsageError: Error, CustomStringConvertible {
    /// What was wrong, naming the option or argument (or, from a transform, only the reason).
    let message: String

    /// The message, as swift-argument-parser prints a transform's error.
    var description: String { message }

    init(_ message: String) { self.message = message }
}

/// Quotes untrusted text for a one-line message, as Wireform's own errors do: control characters (C0, DEL and C1)
/// become escapes.
func quoted(_ text: some StringProtocol) -> String { SerializationError.quoted(text) }
