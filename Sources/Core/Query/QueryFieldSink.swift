#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``QuerySink`` that makes ``QueryFields``: each pair's unescaped name and value appended to one buffer, for
/// multipart fields.
///
/// The buffer grows with `realloc` (``QueryByteWriter``), which moves a large buffer by remapping it, and becomes the
/// fields' bytes without a copy: a form of hundreds of megabytes of fields is held once while it is written. The
/// values are the bytes ``QueryPairSink``'s pairs give a multipart field: a text's UTF-8, data raw, a list's items
/// joined with its delimiter, the name alone as an empty value.
struct QueryFieldSink: ~Copyable, QuerySink {
    /// The names and values written so far.
    private var bytes = QueryByteWriter(capacity: 1024)
    /// Where each name and value ends in ``bytes``.
    private var ends: QueryFieldEnds
    /// The current name's UTF-8 bytes.
    private var name: [UInt8] = []
    /// A number's text, or the fields moved while they are put in order.
    private var scratch: [UInt8] = []

    /// An empty sink.
    /// - Parameter offsetLowBits: The low bits each offset keeps (``QueryFieldEnds``): 32, fewer in tests.
    init(offsetLowBits: Int = 32) {
        ends = QueryFieldEnds(lowBits: offsetLowBits)
        name.reserveCapacity(64)
    }

    /// The fields written; the sink is empty afterwards.
    mutating func takeFields() -> QueryFields {
        let fields = QueryFields(bytes: bytes.takeData(droppingFirst: 0), ends: ends)
        ends = QueryFieldEnds()
        return fields
    }

    /// Appends a pair of a query style that is not a ``StandardQueryStyle``, as ``QueryPair``s come: the same bytes
    /// as the events of the same pair.
    mutating func append(_ pair: QueryPair) {
        truncateName(to: 0)
        appendToName(pair.name)
        switch pair.value {
        case .text(let text): appendPair(text: text)
        case .data(let data): appendPair(data: data)
        case .list(let items): appendPair(list: items[...], delimiter: .comma)
        case .nameOnly: appendBareName()
        }
    }

    // MARK: The name

    var nameLength: Int { name.count }

    mutating func truncateName(to length: Int) { name.removeSubrange(length...) }

    mutating func appendToName(_ key: String) { name.append(contentsOf: key.utf8) }

    mutating func appendKeyToName(_ key: String) -> UTF8Order.SortKey {
        name.append(contentsOf: key.utf8)
        return UTF8Order.SortKey(key)
    }

    mutating func appendToName(ascii byte: UInt8) { name.append(byte) }

    mutating func appendIndexToName(_ index: UInt64) { ParameterNumber.appendDigits(of: index, to: &name) }

    func unescapedName() -> [UInt8] { name }

    // MARK: The pairs

    mutating func appendBareName() {
        startField()
        endField()
    }

    mutating func appendPair(text: String) {
        startField()
        append(text)
        endField()
    }

    mutating func appendPair(ascii: StaticString) {
        startField()
        ascii.withUTF8Buffer { append($0) }
        endField()
    }

    mutating func appendPair(integer magnitude: UInt64, isNegative: Bool) {
        startField()
        appendInteger(magnitude, isNegative: isNegative)
        endField()
    }

    mutating func appendPairs(integers run: IntegerRun) -> Int {
        run.forEach { integer in
            startField()
            appendInteger(integer.magnitude, isNegative: integer < 0)
            endField()
        }
    }

    mutating func appendPair(number: ParameterNumber) {
        startField()
        scratch.removeAll(keepingCapacity: true)
        number.appendText(to: &scratch)
        // The number's text copied from the scratch array's storage.
        scratch.withUnsafeBufferPointer { append($0) }
        endField()
    }

    mutating func appendPair(data: Data) {
        startField()
        // Data's storage holds bytes only, so binding it to UInt8 is sound; copied without an intermediate array.
        data.withUnsafeBytes { append($0.bindMemory(to: UInt8.self)) }
        endField()
    }

    mutating func appendPair(list: ArraySlice<String>, delimiter: ListDelimiter) {
        startField()
        for (index, item) in list.enumerated() {
            if index > 0 { bytes.append(delimiter.byte) }
            append(item)
        }
        endField()
    }

    /// The number of fields.
    var position: Int { ends.count / 2 }

    mutating func reorder(count: Int, from start: Int, range: (Int) -> Range<Int>) {
        let byteStart = fieldStart(start)
        let endCount = ends.count
        // The fields from `start` on: their bytes, and their ends relative to `byteStart`.
        var saved = scratch
        scratch = []
        saved.removeAll(keepingCapacity: true)
        // The written bytes past `byteStart`, copied out once.
        saved.append(contentsOf: UnsafeBufferPointer(start: bytes.base + byteStart, count: bytes.count - byteStart))
        let savedEnds = (2 * start..<endCount).map { ends[$0] - byteStart }
        bytes.truncate(to: byteStart)
        ends.removeAll(from: 2 * start)
        // The saved bytes of fields `first..<last` start there (relative to `byteStart`).
        func savedStart(_ field: Int) -> Int { field == start ? 0 : savedEnds[2 * (field - start) - 1] }
        for index in 0..<count {
            let fields = range(index)
            guard !fields.isEmpty else { continue }
            let from = savedStart(fields.lowerBound)
            let shift = bytes.count - from
            // The range's bytes, one copy from the saved array's storage.
            saved.withUnsafeBufferPointer { source in
                append(UnsafeBufferPointer(rebasing: source[from..<savedEnds[2 * (fields.upperBound - start) - 1]]))
            }
            for end in savedEnds[2 * (fields.lowerBound - start)..<2 * (fields.upperBound - start)] {
                ends.append(end + shift)
            }
        }
        scratch = saved
    }

    // MARK: Writing

    /// Where field `index`'s name starts in ``bytes``.
    private func fieldStart(_ index: Int) -> Int { index == 0 ? 0 : ends[2 * index - 1] }

    /// Starts a field: its name.
    private mutating func startField() {
        // The name's bytes, copied from the array's storage.
        name.withUnsafeBufferPointer { append($0) }
        ends.append(bytes.count)
    }

    /// Ends a field: its value is what was appended since ``startField()``.
    private mutating func endField() { ends.append(bytes.count) }

    /// Appends a decimal integer: `-` first for a negative one (a negative zero is `0`, as `Int64` writes it).
    private mutating func appendInteger(_ magnitude: UInt64, isNegative: Bool) {
        if isNegative, magnitude != 0 { bytes.append(UInt8(ascii: "-")) }
        bytes.appendDecimal(magnitude)
    }

    /// Appends a text's UTF-8 bytes.
    private mutating func append(_ text: String) {
        // Native strings are contiguous: read them in place, without a copy. Others are made contiguous first.
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { append($0) }
        if done == nil {
            var text = text
            text.withUTF8 { append($0) }
        }
    }

    /// Appends bytes.
    // The caller's bytes copied into the writer's storage past its count, after one reserve for all.
    private mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let start = source.baseAddress, !source.isEmpty else { return }
        bytes.reserve(source.count)
        QueryByteWriter.copy(from: start, to: bytes.base + bytes.count, count: source.count)
        bytes.count += source.count
    }
}
