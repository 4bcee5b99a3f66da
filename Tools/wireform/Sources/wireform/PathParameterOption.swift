import Wireform

/// `--path-param NAME=JSON`: a value for one of the URL's template variables, and the expansion of the URL
/// template (RFC 6570, as OpenAPI paths such as `/users/{id}` use) before the URL is parsed: braces are not valid
/// URL characters, so a templated URL must be expanded first.
enum PathParameterOption {
    /// One `--path-param NAME=JSON`.
    struct Value: RepeatableValue {
        /// The template variable.
        let name: String
        /// Its value.
        let value: ParameterValue
    }

    /// Splits `NAME=JSON` at the first `=` and reads the JSON value as `--params` does.
    /// - Throws: ``UsageError`` whose message is the reason: a missing `=`, an empty name, invalid UTF-8 or JSON.
    static func parse(_ given: String) throws(UsageError) -> Value {
        let argument = try ArgumentValue.text(given)
        guard let equals = argument.firstIndex(of: "=") else {
            throw UsageError("expected NAME=JSON, such as id=42")
        }
        let name = String(argument[..<equals])
        guard !name.isEmpty else { throw UsageError("the name is empty") }
        do {
            let text = Array(argument[argument.index(after: equals)...].utf8)
            return Value(
                name: name, value: try ParameterValue(json: JSONText(MessageBody(bytes: text), readsTags: true)))
        } catch {
            throw UsageError("invalid JSON for \(quoted(name)): \(error.reason)")
        }
    }

    /// The URL with its template expanded, or the URL as written when it has no braces and no `--path-param` was
    /// given.
    /// - Throws: ``UsageError`` for a `--path-param` that names no variable of the template or one given twice;
    ///   ``Wireform/SerializationError`` for a template that does not parse or a variable with no value.
    static func expand(_ url: String, with parameters: [Value]) throws -> String {
        guard !parameters.isEmpty || url.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
        else { return url }
        let template = try URITemplate(url)
        let names = Set(template.variableNames)
        var values: [String: ParameterValue] = [:]
        for (name, value) in parameters.map({ ($0.name, $0.value) }) {
            guard values[name] == nil else { throw UsageError("'--path-param' \(quoted(name)) given more than once") }
            guard names.contains(name) else {
                throw UsageError(
                    "'--path-param' \(quoted(name)) names no variable of the URL template \(quoted(url))")
            }
            values[name] = value
        }
        return try template.expand(values)
    }
}
