/// An RFC 6570 expression operator and the expansion rules it selects (RFC 6570 Appendix A).
///
/// https://www.rfc-editor.org/rfc/rfc6570#appendix-A
struct TemplateOperator: Sendable, Hashable {
    /// The byte written before the first defined variable, if any.
    let first: UInt8?
    /// The byte between values.
    let separator: UInt8
    /// Whether values are written as `name=value`.
    let isNamed: Bool
    /// Whether a named empty value is written `name=` (`?`, `&`) rather than `name` (`;`).
    let writesEqualsWhenEmpty: Bool
    /// Whether reserved characters and percent-encoded triples pass unescaped (`+`, `#`).
    let allowsReserved: Bool

    /// `{x}`: simple string expansion (OpenAPI `simple`).
    static let simple = Self(
        first: nil, separator: comma, isNamed: false, writesEqualsWhenEmpty: false, allowsReserved: false)
    /// `{+x}`: reserved expansion.
    static let reserved = Self(
        first: nil, separator: comma, isNamed: false, writesEqualsWhenEmpty: false, allowsReserved: true)
    /// `{#x}`: fragment expansion.
    static let fragment = Self(
        first: UInt8(ascii: "#"), separator: comma, isNamed: false, writesEqualsWhenEmpty: false, allowsReserved: true)
    /// `{.x}`: label expansion (OpenAPI `label`).
    static let label = Self(
        first: UInt8(ascii: "."), separator: UInt8(ascii: "."), isNamed: false, writesEqualsWhenEmpty: false,
        allowsReserved: false)
    /// `{/x}`: path segment expansion.
    static let pathSegment = Self(
        first: UInt8(ascii: "/"), separator: UInt8(ascii: "/"), isNamed: false, writesEqualsWhenEmpty: false,
        allowsReserved: false)
    /// `{;x}`: path-style parameter expansion (OpenAPI `matrix`).
    static let pathParameter = Self(
        first: UInt8(ascii: ";"), separator: UInt8(ascii: ";"), isNamed: true, writesEqualsWhenEmpty: false,
        allowsReserved: false)
    /// `{?x}`: form-style query expansion (OpenAPI `form`).
    static let query = Self(
        first: UInt8(ascii: "?"), separator: UInt8(ascii: "&"), isNamed: true, writesEqualsWhenEmpty: true,
        allowsReserved: false)
    /// `{&x}`: form-style query continuation.
    static let queryContinuation = Self(
        first: UInt8(ascii: "&"), separator: UInt8(ascii: "&"), isNamed: true, writesEqualsWhenEmpty: true,
        allowsReserved: false)

    private static let comma = UInt8(ascii: ",")

    /// The operator an expression's first byte selects, or `nil` when that byte starts a variable name.
    static func parse(_ byte: UInt8) -> Self? {
        switch byte {
        case UInt8(ascii: "+"): .reserved
        case UInt8(ascii: "#"): .fragment
        case UInt8(ascii: "."): .label
        case UInt8(ascii: "/"): .pathSegment
        case UInt8(ascii: ";"): .pathParameter
        case UInt8(ascii: "?"): .query
        case UInt8(ascii: "&"): .queryContinuation
        default: nil
        }
    }

    /// Whether RFC 6570 reserves a byte as an operator for future extensions (`=`, `,`, `!`, `@`, `|`).
    static func isReservedForExtensions(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "="), UInt8(ascii: ","), UInt8(ascii: "!"), UInt8(ascii: "@"), UInt8(ascii: "|"): true
        default: false
        }
    }
}
