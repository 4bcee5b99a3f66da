#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where ``StandardQueryStyle``'s tree walker (`StandardQueryStyle+Writing.swift`) puts the pairs it produces.
///
/// The walker decides everything: key order, names, which values are written and how, and every error. A sink only
/// stores: ``QueryPairSink`` makes ``QueryPair``s (the public pairs API, multipart fields, custom consumers) and
/// ``EscapedQuerySink`` writes the percent-escaped `name=value&…` bytes of a query string or form body. Both receive
/// the same calls for the same tree, so the escaped bytes are the pairs escaped and joined by construction.
///
/// The name is built up as the tree is walked: a key or index is appended before a child is written and removed
/// after it, with ``nameLength`` and ``truncateName(to:)``.
protocol QuerySink: ~Copyable {
    /// The length of the current name, in the sink's own units; pass it back to ``truncateName(to:)``.
    var nameLength: Int { get }
    /// Drops what was appended to the name since ``nameLength`` was `length`.
    mutating func truncateName(to length: Int)
    /// Appends a dictionary key to the name.
    mutating func appendToName(_ key: String)
    /// Appends an ASCII delimiter (`[`, `]`, `.`) to the name.
    mutating func appendToName(ascii byte: UInt8)
    /// Appends an array index's digits to the name.
    mutating func appendIndexToName(_ index: UInt64)
    /// The current name as unescaped UTF-8, for error messages.
    func unescapedName() -> [UInt8]

    /// A pair of the name alone, without `=`.
    mutating func appendBareName()
    /// A pair with a text value (the empty text writes `name=`).
    mutating func appendPair(text: String)
    /// A pair with an ASCII value that needs no escaping (`1`, `0`, `true`, `false`).
    mutating func appendPair(ascii: StaticString)
    /// A pair with an integer value.
    mutating func appendPair(integer magnitude: UInt64, isNegative: Bool)
    /// A pair with a finite number that is not a 64-bit integer, written as ``ParameterNumber/description``.
    mutating func appendPair(number: ParameterNumber)
    /// A pair with raw bytes as its value.
    mutating func appendPair(data: Data)
    /// A pair whose value is several texts joined with a delimiter: a literal `,`, or an escaped space or `|`.
    mutating func appendPair(list: [String], delimiter: ListDelimiter)
    /// Writes one pair for each element from `start` on, under the current name, while the elements are numbers
    /// stored as `Int64`; returns the index of the first element it did not write.
    mutating func appendIntegerRun(_ elements: UnsafeBufferPointer<ParameterValue>, from start: Int) -> Int
}

/// The delimiter between the items of a delimited list (OpenAPI `form` with `explode: false`, `spaceDelimited`,
/// `pipeDelimited`).
enum ListDelimiter: Sendable {
    /// A literal `,`.
    case comma
    /// A space, escaped (`%20` or `+`).
    case space
    /// A `|`, escaped as `%7C`.
    case pipe

    /// The delimiter's byte before escaping.
    var byte: UInt8 {
        switch self {
        case .comma: UInt8(ascii: ",")
        case .space: UInt8(ascii: " ")
        case .pipe: UInt8(ascii: "|")
        }
    }
}
