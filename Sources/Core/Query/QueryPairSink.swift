#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``QuerySink`` that makes ``QueryPair``s: unescaped names and values, for ``QueryStyle/appendPairs(for:to:)``.
struct QueryPairSink: QuerySink {
    /// The pairs so far.
    var pairs: [QueryPair]
    /// The current name's UTF-8 bytes.
    private var name: [UInt8] = []

    init(pairs: [QueryPair]) {
        self.pairs = pairs
        name.reserveCapacity(64)
    }

    private var nameString: String { String(decoding: name, as: UTF8.self) }

    var nameLength: Int { name.count }

    mutating func truncateName(to length: Int) { name.removeSubrange(length...) }

    mutating func appendToName(_ key: String) { name.append(contentsOf: key.utf8) }

    mutating func appendToName(ascii byte: UInt8) { name.append(byte) }

    mutating func appendIndexToName(_ index: UInt64) { ParameterNumber.appendDigits(of: index, to: &name) }

    func unescapedName() -> [UInt8] { name }

    mutating func appendBareName() { pairs.append(QueryPair(name: nameString, value: .nameOnly)) }

    mutating func appendPair(text: String) { pairs.append(QueryPair(name: nameString, text: text)) }

    mutating func appendPair(ascii: StaticString) {
        pairs.append(QueryPair(name: nameString, text: ascii.description))
    }

    mutating func appendPair(integer magnitude: UInt64, isNegative: Bool) {
        pairs.append(QueryPair(name: nameString, text: Self.integerText(magnitude, isNegative: isNegative)))
    }

    mutating func appendPairs(integers run: IntegerRun) -> Int {
        let name = nameString
        return run.forEach { integer in
            pairs.append(QueryPair(name: name, text: Self.integerText(integer.magnitude, isNegative: integer < 0)))
        }
    }

    mutating func appendPair(number: ParameterNumber) { pairs.append(QueryPair(name: nameString, text: number.text)) }

    mutating func appendPair(data: Data) { pairs.append(QueryPair(name: nameString, value: .data(data))) }

    mutating func appendPair(list: ArraySlice<String>, delimiter: ListDelimiter) {
        if delimiter == .comma {
            pairs.append(QueryPair(name: nameString, value: .list(Array(list))))
        } else {
            // The delimiter is escaped like the items' own characters, so the joined text writes the same bytes.
            let separator = delimiter == .space ? " " : "|"
            pairs.append(QueryPair(name: nameString, text: list.joined(separator: separator)))
        }
    }

    /// The number of pairs.
    var position: Int { pairs.count }

    mutating func reorder(count: Int, from start: Int, range: (Int) -> Range<Int>) {
        let saved = pairs[start...]
        var reordered: [QueryPair] = []
        reordered.reserveCapacity(saved.count)
        for index in 0..<count { reordered.append(contentsOf: saved[range(index)]) }
        pairs.replaceSubrange(start..., with: reordered)
    }

    mutating func appendKeyToName(_ key: String) -> UTF8Order.SortKey {
        name.append(contentsOf: key.utf8)
        return UTF8Order.SortKey(key)
    }

    /// The decimal text of an integer; a negative one is an `Int64`, so its magnitude is at most 2^63.
    private static func integerText(_ magnitude: UInt64, isNegative: Bool) -> String {
        isNegative ? String(Int64(truncatingIfNeeded: 0 &- magnitude)) : String(magnitude)
    }
}
