#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Where ``QueryWriter``, the one writer of ``StandardQueryStyle``, puts the pairs it produces.
///
/// The writer decides everything: key order, names, which values are written and how, and every error. A sink only
/// stores: ``QueryPairSink`` makes ``QueryPair``s (the public pairs API, custom consumers), ``QueryFieldSink`` the
/// unescaped names and values of multipart fields, end to end in one buffer, and ``EscapedQuerySink`` writes the
/// percent-escaped `&name=value…` bytes of a query string or form body. All receive the same calls for the same
/// events, so the escaped bytes are the pairs escaped and joined by construction.
///
/// The name is built up as the events arrive: a key or index is appended before a child is written and removed
/// after it, with ``nameLength`` and ``truncateName(to:)``. What is written is a sequence of units (pairs, or
/// bytes) that the writer can put in another order with ``reorder(count:from:range:)``: the members of a dictionary
/// sorted by key.
protocol QuerySink: ~Copyable {
    /// The length of the current name, in the sink's own units; pass it back to ``truncateName(to:)``.
    var nameLength: Int { get }
    /// Drops what was appended to the name since ``nameLength`` was `length`.
    mutating func truncateName(to length: Int)
    /// Appends a dictionary key to the name.
    mutating func appendToName(_ key: String)
    /// Appends a dictionary key to the name and returns its ``UTF8Order/SortKey``, read in the same pass.
    mutating func appendKeyToName(_ key: String) -> UTF8Order.SortKey
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
    /// One pair for each leading integer of a tree's array, all under the current name; returns how many.
    mutating func appendPairs(integers run: IntegerRun) -> Int
    /// A pair with a finite number that is not a 64-bit integer, written as ``ParameterNumber/description``.
    mutating func appendPair(number: ParameterNumber)
    /// A pair with raw bytes as its value.
    mutating func appendPair(data: Data)
    /// A pair whose value is several texts joined with a delimiter: a literal `,`, or an escaped space or `|`.
    mutating func appendPair(list: ArraySlice<String>, delimiter: ListDelimiter)

    /// Where the next unit goes: pass it back to ``reorder(count:from:range:)``.
    var position: Int { get }
    /// Writes the units from `start` on again as `count` ranges, in their order (ranges may be left out): the
    /// members of a dictionary put in key order.
    mutating func reorder(count: Int, from start: Int, range: (Int) -> Range<Int>)
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
