#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``QuerySink`` that writes a query string or form body: each pair percent-escaped (RFC 3986, the
/// ``PercentEncoding/AllowedCharacters/queryComponent`` set, or the set of
/// ``StandardQueryStyle/ReservedCharacterEncoding/allowing(_:)``) after a `&`, straight into one buffer; the writer
/// drops the first `&` when it hands the query out (members move when they are sorted).
///
/// The name is kept escaped and grows and shrinks as the events arrive, so each key is escaped once per visit and
/// every value is escaped straight into the output. Its bytes are exactly those ``QueryString`` writes for the
/// pairs of ``QueryPairSink``.
struct EscapedQuerySink: ~Copyable, QuerySink {
    // The escape tables are static, never freed; a pointer skips the array's bounds check per byte (the W rows).
    private let table: UnsafePointer<UInt32>
    private let spaceEncoding: PercentEncoding.SpaceEncoding
    /// The table for values under ``StandardQueryStyle/ReservedCharacterEncoding/allowed``, which also keeps
    /// percent-encoded triples; `nil` when values are escaped like names.
    private let reservedTable: UnsafePointer<UInt32>?
    /// Keeps the tables of ``StandardQueryStyle/ReservedCharacterEncoding/allowing(_:)`` alive while `table`
    /// points into them.
    private let allowedTables: AllowedByteTables?
    /// The table for the items of a comma-delimited list when `table` leaves `,` literal (a set from
    /// ``StandardQueryStyle/ReservedCharacterEncoding/allowing(_:)`` that names it); `nil` otherwise.
    private let commaEscapingTable: UnsafePointer<UInt32>?  // kept alive by allowedTables
    /// The escaped output.
    private(set) var output: QueryByteWriter
    private var name = QueryByteWriter(capacity: 64)
    private var scratch: [UInt8] = []

    /// An empty sink for the given space encoding; ``StandardQueryStyle/ReservedCharacterEncoding/allowed`` leaves
    /// reserved characters and percent-encoded triples in values unescaped (OpenAPI `allowReserved`),
    /// ``StandardQueryStyle/ReservedCharacterEncoding/allowing(_:)`` escapes names and values with its own table;
    /// `capacity` bytes are allocated up front.
    init(
        spaceEncoding: PercentEncoding.SpaceEncoding,
        reservedCharacters: StandardQueryStyle.ReservedCharacterEncoding = .percentEncoded,
        capacity: Int = 256
    ) {
        output = QueryByteWriter(capacity: capacity)
        let isPlus = spaceEncoding == .plus
        allowedTables = reservedCharacters.tables
        if let tables = reservedCharacters.tables {
            table = isPlus ? tables.plus : tables.percent20
            commaEscapingTable = tables.commaEscaping.map { isPlus ? $0.plus : $0.percent20 }
        } else {
            table = isPlus ? EscapeTable.queryComponentPlus : EscapeTable.queryComponentPercent20
            commaEscapingTable = nil
        }
        if reservedCharacters.base == .allowed {
            reservedTable = isPlus ? EscapeTable.queryValueReservedPlus : EscapeTable.queryValueReservedPercent20
        } else {
            reservedTable = nil
        }
        self.spaceEncoding = spaceEncoding
    }

    /// Appends a value's text, escaped for a value.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    private mutating func appendValue(_ text: String) {
        if reservedTable == nil {
            output.append(escaping: text, table: table)
        } else {
            appendValueAllowingReserved(text)
        }
    }

    /// Appends a value's text under OpenAPI's `allowReserved`; out of line, so that the common path stays small.
    @inline(never)
    private mutating func appendValueAllowingReserved(_ text: String) {
        guard let reservedTable else { return }
        output.append(keepingTriplesEscaping: text, table: reservedTable)
    }

    /// Appends the output without its first `count` bytes.
    func copyOutput(droppingFirst count: Int, to bytes: inout [UInt8]) {
        guard output.count > count else { return }
        // The writer's bytes past `count` (checked above), copied out in one append.
        bytes.append(contentsOf: UnsafeBufferPointer(start: output.base + count, count: output.count - count))
    }

    /// The output without its first `count` bytes, as `Data` that owns the buffer (no copy); the output is empty
    /// afterwards.
    mutating func takeOutput(droppingFirst count: Int) -> Data { output.takeData(droppingFirst: count) }

    /// `prefix` followed by the output without its first `count` bytes, as text; the output is empty afterwards
    /// (it shrinks while the text grows: ``QueryByteWriter/moveToString(after:droppingFirst:)``).
    mutating func moveOutput(after prefix: String, droppingFirst count: Int) -> String {
        output.moveToString(after: prefix, droppingFirst: count)
    }

    /// The output without its first `count` bytes, as text (escaped output is ASCII).
    func outputString(droppingFirst count: Int) -> String {
        guard output.count > count else { return "" }
        // The writer's bytes past `count` (checked above), decoded once into a String.
        let bytes = UnsafeBufferPointer(start: output.base + count, count: output.count - count)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The number of bytes written.
    var position: Int { output.count }

    /// Writes the bytes from `start` on again as `count` ranges, in their order (ranges may be left out): the
    /// members of a dictionary put in key order.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func reorder(count: Int, from start: Int, range: (Int) -> Range<Int>) {
        let length = output.count - start
        // A few bytes are saved on the stack; more in the reused scratch buffer (a large temporary allocation would
        // ask the system for the stack's bounds on every call).
        if length <= 1024 {
            // Saves the name's tail on the stack (a few bytes), with no array allocated per pair.
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { saved in
                guard let savedBase = saved.baseAddress else { return }
                copyBack(count: count, from: start, saved: savedBase, range: range)
            }
        } else {
            var scratch = self.scratch
            self.scratch = []
            scratch.removeAll(keepingCapacity: true)
            scratch.append(contentsOf: repeatElement(0, count: length))
            // The same save in the reused scratch array's storage, sized to `length` just above.
            scratch.withUnsafeMutableBufferPointer { saved in
                guard let savedBase = saved.baseAddress else { return }
                copyBack(count: count, from: start, saved: savedBase, range: range)
            }
            self.scratch = scratch
        }
    }

    /// Saves the bytes from `start` on in `saved`, then writes them back as `count` ranges, in their order.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    private mutating func copyBack(
        count: Int,
        from start: Int,
        // A pointer so that both saves above (stack or scratch array) share this one copy-back.
        saved: UnsafeMutablePointer<UInt8>,
        range: (Int) -> Range<Int>
    ) {
        saved.update(from: output.base + start, count: output.count - start)
        output.truncate(to: start)
        for index in 0..<count {
            let range = range(index)
            QueryByteWriter.copy(
                from: saved + (range.lowerBound - start), to: output.base + output.count, count: range.count)
            output.count += range.count
        }
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    var nameLength: Int { name.count }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func truncateName(to length: Int) { name.truncate(to: length) }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendToName(_ key: String) { name.append(escaping: key, table: table) }

    /// Appends a dictionary key to the name, escaped, and returns its ``UTF8Order/SortKey``, read in the same pass.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendKeyToName(_ key: String) -> UTF8Order.SortKey {
        var key = key
        let table = table
        return key.withUTF8 { bytes in
            name.append(escaping: bytes, table: table)
            return UTF8Order.SortKey(bytes)
        }
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendToName(ascii byte: UInt8) { name.append(escapingByte: byte, table: table) }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendIndexToName(_ index: UInt64) { name.appendDecimal(index) }

    func unescapedName() -> [UInt8] {
        // Escaping is reversible: `%XX` is one byte, `+` a space (a literal `+` is always escaped), all else literal.
        let escaped = UnsafeBufferPointer(start: name.base, count: name.count)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(escaped.count)
        var index = 0
        while index < escaped.count {
            let byte = escaped[index]
            if byte == UInt8(ascii: "%"), index + 2 < escaped.count,
                let high = Self.hexValue(escaped[index + 1]), let low = Self.hexValue(escaped[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
            } else {
                bytes.append(byte == UInt8(ascii: "+") && spaceEncoding == .plus ? UInt8(ascii: " ") : byte)
                index += 1
            }
        }
        return bytes
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// Starts a pair: the separator, the escaped name and, unless `withEquals` is `false`, `=`.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    private mutating func startPair(withEquals: Bool = true) {
        output.appendPairStart(name: name, isFirst: false, withEquals: withEquals)
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendBareName() { startPair(withEquals: false) }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendPair(text: String) {
        startPair()
        appendValue(text)
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendPair(ascii: StaticString) {
        startPair()
        let table = table
        ascii.withUTF8Buffer { bytes in output.append(escaping: bytes, table: table) }
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendPair(integer magnitude: UInt64, isNegative: Bool) {
        output.appendPair(name: name, isFirst: false, decimal: magnitude, isNegative: isNegative)
    }

    mutating func appendPair(number: ParameterNumber) {
        startPair()
        scratch.removeAll(keepingCapacity: true)
        number.appendText(to: &scratch)
        let table = table
        // The number's text escaped from the scratch array's storage through the writer's pointer-based escaper.
        scratch.withUnsafeBufferPointer { bytes in output.append(escaping: bytes, table: table) }
    }

    mutating func appendPair(data: Data) {
        startPair()
        let table = table
        // Data's storage holds bytes only, so binding it to UInt8 is sound; escaped without a copy.
        data.withUnsafeBytes { raw in output.append(escaping: raw.bindMemory(to: UInt8.self), table: table) }
    }

    mutating func appendPair(list: ArraySlice<String>, delimiter: ListDelimiter) {
        startPair()
        for (index, item) in list.enumerated() {
            if index > 0 {
                // A comma is written literally (items' own commas are escaped); a space or `|` is escaped like the
                // same character inside an item (OpenAPI `spaceDelimited` and `pipeDelimited`).
                if delimiter == .comma {
                    output.append(UInt8(ascii: ","))
                } else {
                    output.append(escapingByte: delimiter.byte, table: table)
                }
            }
            if delimiter == .comma, let commaEscapingTable {
                output.append(escaping: item, table: commaEscapingTable)
            } else {
                appendValue(item)
            }
        }
    }

    mutating func appendPairs(integers run: IntegerRun) -> Int {
        // Room for `&name=` and a short value per element up front: the per-pair checks then rarely grow.
        output.reserve(run.elements.count &* (name.count &+ 8))
        // `&name=` once: each integer then costs one copy and its digits.
        let headCount = name.count &+ 2
        // `&name=` built once on the stack, then copied before each integer by the pointer-based writer.
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headCount) { head in
            // A non-zero capacity always has storage.
            let headBase = head.baseAddress!
            headBase[0] = UInt8(ascii: "&")
            QueryByteWriter.copy(from: name.base, to: headBase + 1, count: headCount &- 2)
            headBase[headCount &- 1] = UInt8(ascii: "=")
            return output.appendIntegers(run, head: headBase, count: headCount)
        }
    }
}
