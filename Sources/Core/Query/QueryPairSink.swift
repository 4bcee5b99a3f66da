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

    mutating func appendBareName() { pairs.append(QueryPair(name: nameString, value: .none)) }

    mutating func appendPair(text: String) { pairs.append(QueryPair(name: nameString, text: text)) }

    mutating func appendPair(ascii: StaticString) {
        pairs.append(QueryPair(name: nameString, text: ascii.description))
    }

    mutating func appendPair(integer magnitude: UInt64, isNegative: Bool) {
        pairs.append(QueryPair(name: nameString, text: Self.integerText(magnitude, isNegative: isNegative)))
    }

    mutating func appendPair(number: ParameterNumber) { pairs.append(QueryPair(name: nameString, text: number.text)) }

    mutating func appendPair(data: Data) { pairs.append(QueryPair(name: nameString, value: .data(data))) }

    mutating func appendPair(list: [String], delimiter: ListDelimiter) {
        if delimiter == .comma {
            pairs.append(QueryPair(name: nameString, value: .list(list)))
        } else {
            // The delimiter is escaped like the items' own characters, so the joined text writes the same bytes.
            let separator = delimiter == .space ? " " : "|"
            pairs.append(QueryPair(name: nameString, text: list.joined(separator: separator)))
        }
    }

    mutating func appendIntegerRun(_ elements: UnsafeBufferPointer<ParameterValue>, from start: Int) -> Int {
        var index = start
        guard index < elements.count, elements[index].signedInteger != nil else { return index }
        let name = nameString
        while index < elements.count, let integer = elements[index].signedInteger {
            pairs.append(QueryPair(name: name, text: Self.integerText(integer.magnitude, isNegative: integer < 0)))
            index += 1
        }
        return index
    }

    /// The decimal text of an integer; a negative one is an `Int64`, so its magnitude is at most 2^63.
    private static func integerText(_ magnitude: UInt64, isNegative: Bool) -> String {
        isNegative ? String(Int64(truncatingIfNeeded: 0 &- magnitude)) : String(magnitude)
    }
}

extension ParameterValue {
    /// The value when it is a number stored as an `Int64`; read in place, without copying the enum's payload.
    @inline(__always)
    var signedInteger: Int64? {
        if case .number(let number) = self, case .signed(let value) = number.storage { return value }
        return nil
    }
}
