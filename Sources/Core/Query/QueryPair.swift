#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// One `name=value` pair produced by a ``QueryStyle``, before percent-escaping.
///
/// Query strings and form bodies escape both sides; multipart forms use the name and value as they are.
public struct QueryPair: Sendable, Hashable {
    /// The value side of a pair.
    public enum Value: Sendable, Hashable {
        /// Text, escaped as UTF-8.
        case text(String)
        /// Raw bytes, escaped byte by byte (or sent raw in a multipart part).
        case data(Data)
        /// Several values written escaped one by one and joined with a literal `,` (``QueryStyle/commaDelimited``).
        case list([String])
        /// No value: the name alone, without `=` (how a null is written by default).
        case nameOnly
    }

    /// The name, such as `user[phone][home]`.
    public var name: String
    /// The value.
    public var value: Value

    /// Creates a pair.
    /// - Parameters:
    ///   - name: The unescaped name.
    ///   - value: The unescaped value.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }

    /// Creates a pair with a text value.
    /// - Parameters:
    ///   - name: The unescaped name.
    ///   - text: The unescaped value.
    package init(name: String, text: String) {
        self.init(name: name, value: .text(text))
    }
}
