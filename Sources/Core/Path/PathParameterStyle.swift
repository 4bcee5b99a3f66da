/// OpenAPI's path parameter styles, `simple`, `label` and `matrix`, each with `explode` off or on.
///
/// Each writes one parameter's value as RFC 6570 expands `{color}`, `{.color}` or `{;color}` (with `*` when
/// exploded), every value escaped so that it never adds a `/`, `?` or `#` to the path:
///
/// ```swift
/// let style = PathParameterStyle.matrix(explode: true)
/// try style.value(for: ["blue", "black"], name: "color")  // ";color=blue;color=black"
/// try PathParameterStyle.simple().value(for: "a/b", name: "id")  // "a%2Fb"
/// ```
///
/// Null is written like the empty string, as the `undefined` column of OpenAPI's style examples shows (`;color`,
/// `.`, and nothing for `simple`). Dictionaries keep their own key order. A list or dictionary inside a list or
/// dictionary throws ``SerializationError/Code/unsupportedValue``. To expand a whole path, use ``URITemplate``.
///
/// A struct with static members rather than an enum, so that new styles can be added in a minor release; compare
/// with `==` (a `switch` needs a `default:`).
///
/// https://spec.openapis.org/oas/v3.1.2.html#style-values
public struct PathParameterStyle: Sendable, Hashable {
    enum Base: String, Sendable, Hashable {
        case simple
        case label
        case matrix
    }

    let base: Base
    /// OpenAPI's `explode`: whether a list or dictionary is written as separate values.
    package var explode: Bool

    /// OpenAPI's `simple` (the default for path parameters): `blue,black` and `R,100,G,200`; exploded, `blue,black`
    /// and `R=100,G=200`.
    /// - Parameter explode: OpenAPI's `explode`, off by default.
    /// - Returns: The style.
    public static func simple(explode: Bool = false) -> Self { Self(base: .simple, explode: explode) }
    /// OpenAPI's `label`: `.blue,black` and `.R,100,G,200`; exploded, `.blue.black` and `.R=100.G=200`.
    /// - Parameter explode: OpenAPI's `explode`, off by default.
    /// - Returns: The style.
    public static func label(explode: Bool = false) -> Self { Self(base: .label, explode: explode) }
    /// OpenAPI's `matrix`: `;color=blue,black` and `;color=R,100,G,200`; exploded, `;color=blue;color=black` and
    /// `;R=100;G=200`.
    /// - Parameter explode: OpenAPI's `explode`, off by default.
    /// - Returns: The style.
    public static func matrix(explode: Bool = false) -> Self { Self(base: .matrix, explode: explode) }

    /// The style's name, such as `matrix` or `matrix, explode`.
    package var description: String { explode ? "\(base.rawValue), explode" : base.rawValue }

    /// The escaped path text for one parameter.
    /// - Parameters:
    ///   - value: The parameter's value.
    ///   - name: The parameter's name (written by `matrix`; escaped when it has characters outside RFC 3986's
    ///     unreserved set).
    /// - Returns: Text such as `;color=blue`.
    /// - Throws: ``SerializationError/Code/unsupportedValue`` for a nested list or dictionary or a non-finite
    ///   number.
    public func value(for value: ParameterValue, name: String) throws(SerializationError) -> String {
        var bytes: [UInt8] = []
        try append(value, name: name, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the escaped path text for one parameter.
    /// - Parameters:
    ///   - value: The parameter's value.
    ///   - name: The parameter's name.
    ///   - bytes: The buffer to append to; unchanged when an error is thrown.
    /// - Throws: The errors of ``value(for:name:)``.
    package func append(_ value: ParameterValue, name: String, to bytes: inout [UInt8]) throws(SerializationError) {
        let op: TemplateOperator
        switch base {
        case .simple: op = .simple
        case .label: op = .label
        case .matrix: op = .pathParameter
        }
        var expander = TemplateExpander(operator: op, escaping: .unreserved)
        var output: [UInt8] = []
        try expander.append(
            TemplateVariable(name: name, explode: explode, prefix: nil),
            value: value == .null ? "" : value,
            to: &output,
            in: "path parameter \(SerializationError.quoted(name)) (\(description))"
        )
        bytes.append(contentsOf: output)
    }
}
