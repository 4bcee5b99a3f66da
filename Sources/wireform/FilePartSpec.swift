import Foundation

/// A `--file NAME=@PATH[;filename=NAME][;type=MIME]` argument.
///
/// The path runs up to the first `;filename=` or `;type=`; each attribute runs up to the next one, so a file name
/// may contain `;` and `=` (but not `;type=`).
struct FilePartSpec: Sendable, Equatable {
    /// The form field name.
    var name: String
    /// The file to send.
    var path: String
    /// The file name to send instead of the path's last component.
    var filename: String?
    /// The part's `Content-Type` instead of the one guessed from the file name.
    var contentType: String?

    /// Parses the argument of `--file`.
    /// - Throws: ``UsageError`` naming what is missing.
    init(parsing argument: String) throws(UsageError) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw UsageError("Invalid --file \(quoted(argument)): expected NAME=@PATH[;filename=NAME][;type=MIME]")
        }
        name = String(argument[..<equals])
        var rest = Substring(argument[argument.index(after: equals)...])
        guard rest.first == "@" else {
            throw UsageError("Invalid --file \(quoted(argument)): the path must start with '@' (NAME=@PATH)")
        }
        rest = rest.dropFirst()
        let markers = [";filename=", ";type="]
        func nextMarker(in text: Substring) -> (Range<Substring.Index>, String)? {
            markers.compactMap { marker in text.range(of: marker).map { ($0, marker) } }
                .min { $0.0.lowerBound < $1.0.lowerBound }
        }
        var attributes: [(String, String)] = []
        if let (range, marker) = nextMarker(in: rest) {
            path = String(rest[..<range.lowerBound])
            var current = marker
            var remaining = rest[range.upperBound...]
            while true {
                if let (next, nextName) = nextMarker(in: remaining) {
                    attributes.append((current, String(remaining[..<next.lowerBound])))
                    current = nextName
                    remaining = remaining[next.upperBound...]
                } else {
                    attributes.append((current, String(remaining)))
                    break
                }
            }
        } else {
            path = String(rest)
        }
        guard !path.isEmpty else { throw UsageError("Invalid --file \(quoted(argument)): the path is empty") }
        filename = nil
        contentType = nil
        for (marker, value) in attributes {
            if marker == ";filename=" {
                guard filename == nil else {
                    throw UsageError("Invalid --file \(quoted(argument)): 'filename=' given twice")
                }
                filename = value
            } else {
                guard contentType == nil else {
                    throw UsageError("Invalid --file \(quoted(argument)): 'type=' given twice")
                }
                contentType = value
            }
        }
    }
}
