/// An RFC 6570 URI template, levels 1 to 4, such as an OpenAPI path `/users/{id}` or `/search{?q,tags*}`.
///
/// Parse a template once and expand it with a value for each variable. Each value is escaped for its place, so
/// that with every operator but `+` and `#` (reserved expansion, which the template's author chooses) a value never
/// adds a `/`, `?` or `#`:
///
/// ```swift
/// let template = try URITemplate("/users/{id}/posts{?tags*}")
/// try template.expand(["id": "a/b", "tags": ["x", "y"]])  // "/users/a%2Fb/posts?tags=x&tags=y"
/// ```
///
/// Operators: none (`{x}`, OpenAPI `simple`), `+`, `#`, `.` (`label`), `/`, `;` (`matrix`), `?` and `&` (`form`);
/// modifiers `*` (explode) and `:n` (prefix of `n` Unicode scalars, 1 to 9999). Variable names are RFC 6570's
/// (letters, digits, `_`, percent-encoded triples, inner dots) plus `-`, which OpenAPI parameter names often use.
///
/// Values: strings, numbers, booleans (`true`/`false`), dates (ISO 8601) and data (Base64) are scalars; arrays
/// and sets are lists; dictionaries are associative arrays, in their own key order. Null, and a list or dictionary
/// with nothing but nulls, is undefined and expands to nothing, as RFC 6570 section 2.3 says. A list or dictionary
/// inside a list or dictionary cannot be expanded and throws ``SerializationError/Code/unsupportedValue``.
///
/// https://www.rfc-editor.org/rfc/rfc6570
public struct URITemplate: Sendable, Hashable, CustomStringConvertible {
    /// The template text, as given.
    public let description: String
    let parts: [TemplatePart]

    /// Parses a template.
    /// - Parameter template: The template, such as `https://api.example.com/users/{id}`.
    /// - Throws: ``SerializationError/Code/invalidTemplate`` for an unclosed `{`, a `}` without a `{`, an empty
    ///   expression, an operator RFC 6570 reserves (`=`, `,`, `!`, `@`, `|`), an invalid variable name or an invalid
    ///   prefix length, naming the byte offset of the expression.
    public init(_ template: String) throws(SerializationError) {
        description = template
        parts = try TemplateParser.parse(template)
    }

    /// The names of the template's variables, each once, in the order they first appear.
    public var variableNames: [String] {
        var names: [String] = []
        var seen: Set<String> = []
        for case .expression(let expression) in parts {
            for variable in expression.variables where seen.insert(variable.name).inserted {
                names.append(variable.name)
            }
        }
        return names
    }

    /// Expands the template.
    /// - Parameter values: A value for every variable; `.null` makes a variable undefined (it expands to nothing).
    /// - Returns: The expanded text.
    /// - Throws: ``SerializationError/Code/invalidTemplate`` for a variable with no entry in `values`,
    ///   ``SerializationError/Code/unsupportedValue`` for a value the template cannot express (a nested container,
    ///   a prefix on a list, a non-finite number).
    public func expand(_ values: [String: ParameterValue]) throws(SerializationError) -> String {
        var bytes: [UInt8] = []
        try append(expanding: values, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the expanded template.
    /// - Parameters:
    ///   - values: A value for every variable; `.null` makes a variable undefined.
    ///   - bytes: The buffer to append to; unchanged when an error is thrown.
    /// - Throws: The errors of ``expand(_:)``.
    package func append(
        expanding values: [String: ParameterValue],
        to bytes: inout [UInt8]
    ) throws(SerializationError) {
        var output: [UInt8] = []
        output.reserveCapacity(description.utf8.count + 16)
        for part in parts {
            switch part {
            case .literal(let literal):
                output.append(contentsOf: literal)
            case .expression(let expression):
                var expander = TemplateExpander(
                    operator: expression.operator,
                    escaping: expression.operator.allowsReserved ? .reserved : .unreserved)
                for variable in expression.variables {
                    guard let value = values[variable.name] else {
                        throw SerializationError(
                            .invalidTemplate,
                            "No value for template variable \(SerializationError.quoted(variable.name)) in URI "
                                + "template \(SerializationError.quoted(description))"
                        )
                    }
                    try expander.append(
                        variable, value: value, to: &output,
                        in: "URI template \(SerializationError.quoted(description))")
                }
            }
        }
        bytes.append(contentsOf: output)
    }
}
