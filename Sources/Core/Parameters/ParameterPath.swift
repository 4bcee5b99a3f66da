/// Where a value sits in a parameter tree, for error messages: `user.phones[1].number`.
///
/// The root itself is written `(root)`. Keys that are not plain identifiers are written in brackets with quotes
/// (`tags["a b"]`), so every path reads back unambiguously.
public struct ParameterPath: Sendable, Hashable, CustomStringConvertible {
    /// One step into a container.
    ///
    /// Closed for good: a step into a container is a key or a position, so this stays an enum and a `switch` over
    /// it needs no `default:`.
    public enum Component: Sendable, Hashable {
        /// A dictionary key.
        case key(String)
        /// An array index, or a member's position in a set.
        case index(Int)
    }

    /// The steps from the root, outermost first; package-only: a format outside the package builds a path with
    /// ``init(_:)`` and writes it with ``description``.
    package var components: [Component]

    /// Creates a path.
    /// - Parameter components: The steps from the root, outermost first.
    public init(_ components: [Component] = []) { self.components = components }

    /// The path written as `user.phones[1].number`, or `(root)` for the empty path.
    public var description: String {
        if components.isEmpty { return "(root)" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if Self.isIdentifier(key) {
                    if !text.isEmpty { text += "." }
                    text += key
                } else {
                    text += "[\"\(key.replacingQuotes())\"]"
                }
            }
        }
        return text
    }

    private static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return false
        }
        return key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                return true
            default:
                return false
            }
        }
    }
}

extension String {
    fileprivate func replacingQuotes() -> String {
        var result = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
