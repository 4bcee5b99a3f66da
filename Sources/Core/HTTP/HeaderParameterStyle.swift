/// OpenAPI's `simple` style for header values: `blue,black,brown` for arrays and sets, `R,100,G,200` (or, exploded,
/// `R=100,G=200`) for dictionaries, a scalar as its text.
///
/// Nothing is percent-encoded: OpenAPI 3.1.2 Appendix D notes that RFC 6570's percent-encoding was never meant for
/// headers, so quote or escape values yourself where a header's own syntax needs it. The result must be a valid
/// field value (no CR, LF, NUL or other control character but tab), or
/// ``SerializationError/Code/invalidHeader`` is thrown naming the header.
///
/// ```swift
/// try HeaderParameterStyle.simple().value(for: ["R": 100, "G": 200], name: "X-Color")  // "R,100,G,200"
/// try HeaderParameterStyle.simple(explode: true).value(for: ["R": 100, "G": 200], name: "X-Color")
/// // "R=100,G=200"
/// ```
///
/// Null is the empty value. Dictionaries keep their own key order. A list or dictionary inside a list or dictionary
/// throws ``SerializationError/Code/unsupportedValue``. A comma inside an item is written as it is, so a reader
/// that splits on commas cannot tell it from the delimiter.
///
/// A struct with static members rather than an enum, so that new styles can be added in a minor release; compare
/// with `==` (a `switch` needs a `default:`).
///
/// https://spec.openapis.org/oas/v3.1.2.html#appendix-d-serializing-headers-and-cookies
public struct HeaderParameterStyle: Sendable, Hashable {
    enum Base: String, Sendable, Hashable {
        case simple
    }

    let base: Base
    /// OpenAPI's `explode`: whether a dictionary is written as `key=value` pairs.
    package var explode: Bool

    /// `simple`, the only style OpenAPI defines for headers.
    /// - Parameter explode: OpenAPI's `explode`, off by default.
    /// - Returns: The style.
    public static func simple(explode: Bool = false) -> Self { Self(base: .simple, explode: explode) }

    /// The style's name, such as `simple` or `simple, explode`.
    package var description: String { explode ? "\(base.rawValue), explode" : base.rawValue }

    /// The header value for a parameter.
    /// - Parameters:
    ///   - value: The parameter's value.
    ///   - name: The header's name, for error messages.
    /// - Returns: The field value.
    /// - Throws: ``SerializationError/Code/invalidHeader`` when the result is not a valid field value,
    ///   ``SerializationError/Code/unsupportedValue`` for a nested list or dictionary or a non-finite number.
    public func value(for value: ParameterValue, name: String) throws(SerializationError) -> String {
        var expander = TemplateExpander(operator: .simple, escaping: .none)
        var output: [UInt8] = []
        try expander.append(
            TemplateVariable(name: name, explode: explode, prefix: nil),
            value: value == .null ? "" : value,
            to: &output,
            in: "header \(SerializationError.quoted(name))"
        )
        let text = String(decoding: output, as: UTF8.self)
        guard HeaderFields.isValidValue(text) else {
            throw SerializationError(
                .invalidHeader,
                "Header \(SerializationError.quoted(name)) value \(SerializationError.quoted(text)) has a character "
                    + "that a field value cannot hold"
            )
        }
        return text
    }
}
