import Wireform

/// `--path-param NAME=JSON`: a value for one of the URL's template variables, and the expansion of the URL
/// template (RFC 6570, as OpenAPI paths such as `/users/{id}` use) before the URL is parsed: braces are not valid
/// URL characters, so a templated URL must be expanded first.
enum PathParameterOption {
    /// Splits `NAME=JSON` at the first `=` and reads the JSON value as `--params` does.
    /// - Throws: ``UsageError`` for a missing `=`, an empty name or invalid JSON.
    static func parse(_ argument: String) throws(UsageError) -> (name: String, value: ParameterValue) {
        guard let equals = argument.firstIndex(of: "=") else {
            throw UsageError("Invalid '--path-param' \(quoted(argument)): expected NAME=JSON, such as id=42")
        }
        let name = String(argument[..<equals])
        guard !name.isEmpty else {
            throw UsageError("Invalid '--path-param' \(quoted(argument)): the name is empty")
        }
        do {
            let text = Array(argument[argument.index(after: equals)...].utf8)
            return (name, try ParameterValue(json: JSONText(MessageBody(bytes: text), readsTags: true)))
        } catch {
            throw UsageError("Invalid JSON in '--path-param' \(quoted(name)): \(error.reason)")
        }
    }

    /// The URL with its template expanded, or the URL as written when it has no braces and no `--path-param` was
    /// given.
    /// - Throws: ``UsageError`` for a `--path-param` that names no variable of the template;
    ///   ``Wireform/SerializationError`` for a template that does not parse or a variable with no value.
    static func expand(_ url: String, with parameters: [(name: String, value: ParameterValue)]) throws -> String {
        guard !parameters.isEmpty || url.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") })
        else { return url }
        let template = try URITemplate(url)
        let names = Set(template.variableNames)
        var values: [String: ParameterValue] = [:]
        for (name, value) in parameters {
            guard names.contains(name) else {
                throw UsageError(
                    "'--path-param' \(quoted(name)) names no variable of the URL template \(quoted(url))")
            }
            values[name] = value
        }
        return try template.expand(values)
    }
}
