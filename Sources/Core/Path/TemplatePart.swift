/// A piece of a parsed ``URITemplate``: literal bytes, already escaped, or an expression.
enum TemplatePart: Sendable, Hashable {
    /// Bytes copied to the output as they are.
    case literal([UInt8])
    /// A `{…}` expression.
    case expression(TemplateExpression)
}

/// A `{…}` expression: an operator and its variables.
struct TemplateExpression: Sendable, Hashable {
    /// The operator, such as `;` for path-style parameters.
    var `operator`: TemplateOperator
    /// The variables, in order.
    var variables: [TemplateVariable]
}

/// One variable of an expression, with its modifiers.
struct TemplateVariable: Sendable, Hashable {
    /// The variable's name (or, for a path or header style, the parameter's name).
    var name: String
    /// Whether the `*` modifier explodes a list or dictionary.
    var explode: Bool
    /// The `:n` modifier: at most this many Unicode scalars of a scalar value.
    var prefix: Int?
}
