import Foundation

extension StandardQueryStyle {
    /// The escaped query string, written in one pass straight into one buffer; `nil` when the tree needs the
    /// general path (errors, sets, comma-delimited arrays), which then produces the result or the error.
    ///
    /// The output is byte for byte what ``QueryString/append(_:to:allowing:spaceEncoding:)`` writes for
    /// ``QueryStyle/pairs(for:)`` with ``PercentEncoding/AllowedCharacters/queryComponent``.
    func fastQueryString(for parameters: ParameterValue, spaceEncoding: PercentEncoding.SpaceEncoding) -> String? {
        withFastQuery(for: parameters, spaceEncoding: spaceEncoding) { $0.makeString() }
    }

    /// Appends what ``fastQueryString(for:spaceEncoding:)`` returns; `false` (and nothing appended) when the tree
    /// needs the general path.
    func appendFastQuery(
        for parameters: ParameterValue,
        to output: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) -> Bool {
        withFastQuery(for: parameters, spaceEncoding: spaceEncoding) { $0.copy(to: &output) } != nil
    }

    private func withFastQuery<Result>(
        for parameters: ParameterValue,
        spaceEncoding: PercentEncoding.SpaceEncoding,
        _ body: (borrowing QueryByteWriter) -> Result
    ) -> Result? {
        guard case .dictionary(let dictionary) = parameters else { return nil }
        let allowed = PercentEncoding.AllowedCharacters.queryComponent
        let table = spaceEncoding == .plus ? allowed.plusTable : allowed.percent20Table
        return table.entries.withUnsafeBufferPointer { entries -> Result? in
            guard let entries = entries.baseAddress else { return nil }
            var writer = FastQueryWriter(style: self, table: entries)
            guard writer.writeTopLevel(dictionary) else { return nil }
            return body(writer.output)
        }
    }
}

/// The single-pass writer behind the query fast path: the escaped name grows and shrinks as the tree is walked,
/// each key is escaped once per visit, and every value is escaped straight into the output.
private struct FastQueryWriter: ~Copyable {
    let style: StandardQueryStyle
    let table: UnsafePointer<UInt32>
    var output = QueryByteWriter(capacity: 256)
    var name = QueryByteWriter(capacity: 64)
    var scratch: [UInt8] = []
    var isFirst = true

    init(style: StandardQueryStyle, table: UnsafePointer<UInt32>) {
        self.style = style
        self.table = table
    }

    mutating func writeTopLevel(_ dictionary: ParameterDictionary) -> Bool {
        let keys = dictionary.orderedKeys
        return UTF8Order.withOrder(of: keys, sorted: style.keyOrdering == .sorted) { order in
            for index in order {
                name.truncate(to: 0)
                name.append(escaping: keys[index], table: table)
                guard write(dictionary.value(at: index), depth: 1, isTopLevel: true) else { return false }
            }
            return true
        }
    }

    /// Starts a pair: the separator and the escaped name.
    @inline(__always)
    private mutating func startPair() {
        output.appendPairStart(name: name, isFirst: isFirst, withEquals: false)
        isFirst = false
    }

    /// Starts a pair with a value: the separator, the escaped name and `=`.
    @inline(__always)
    private mutating func startValue() {
        output.appendPairStart(name: name, isFirst: isFirst, withEquals: true)
        isFirst = false
    }

    private mutating func writeEmptyContainer() {
        if style.emptyContainers == .emptyValue { startValue() }
    }

    private mutating func write(_ value: ParameterValue, depth: Int, isTopLevel: Bool) -> Bool {
        switch value {
        case .dictionary(let dictionary):
            guard depth < ParameterValue.maximumDepth else { return false }
            if dictionary.isEmpty {
                writeEmptyContainer()
                return true
            }
            let keys = dictionary.orderedKeys
            let base = name.count
            return UTF8Order.withOrder(of: keys, sorted: style.keyOrdering == .sorted) { order in
                for index in order {
                    switch style.nesting {
                    case .brackets:
                        name.append(escapingByte: UInt8(ascii: "["), table: table)
                        name.append(escaping: keys[index], table: table)
                        name.append(escapingByte: UInt8(ascii: "]"), table: table)
                    case .dotted:
                        name.append(escapingByte: UInt8(ascii: "."), table: table)
                        name.append(escaping: keys[index], table: table)
                    }
                    guard write(dictionary.value(at: index), depth: depth + 1, isTopLevel: false) else { return false }
                    name.truncate(to: base)
                }
                return true
            }
        case .array(let elements):
            return writeArray(elements, depth: depth, isTopLevel: isTopLevel)
        case .set:
            return false
        case .null:
            switch style.nulls {
            case .bareKey: startPair()
            case .emptyValue: startValue()
            case .omitted: break
            }
            return true
        case .string(let string):
            startValue()
            output.append(escaping: string, table: table)
            return true
        case .number(let number):
            guard number.isFinite else { return false }
            if writeIntegerValue(number) { return true }
            startValue()
            writeNumber(number)
            return true
        case .bool(let bool):
            startValue()
            switch style.bools {
            case .numeric: output.append(bool ? UInt8(ascii: "1") : UInt8(ascii: "0"))
            case .literal: writeEscapedText(bool ? "true" : "false")
            }
            return true
        case .date(let date):
            return writeDate(date)
        case .data(let bytes):
            startValue()
            switch style.data {
            case .raw:
                let table = table
                bytes.withUnsafeBytes { raw in output.append(escaping: raw.bindMemory(to: UInt8.self), table: table) }
            case .base64:
                output.append(escaping: bytes.base64EncodedString(), table: table)
            }
            return true
        }
    }

    private mutating func writeArray(_ elements: [ParameterValue], depth: Int, isTopLevel: Bool) -> Bool {
        guard depth < ParameterValue.maximumDepth, isTopLevel || style.allowsNestedArrays else { return false }
        if elements.isEmpty {
            writeEmptyContainer()
            return true
        }
        let base = name.count
        switch style.arrays {
        case .brackets:
            name.append(escapingByte: UInt8(ascii: "["), table: table)
            name.append(escapingByte: UInt8(ascii: "]"), table: table)
            guard writeElements(elements, depth: depth) else { return false }
        case .indexed:
            for (index, element) in elements.enumerated() {
                name.append(escapingByte: UInt8(ascii: "["), table: table)
                name.appendDecimal(UInt64(index))
                name.append(escapingByte: UInt8(ascii: "]"), table: table)
                guard write(element, depth: depth + 1, isTopLevel: false) else { return false }
                name.truncate(to: base)
            }
        case .repeated:
            // Repeated keys cannot hold a nested container: the general path throws for it.
            guard !elements.contains(where: \.isContainer), writeElements(elements, depth: depth) else { return false }
        case .commaDelimited:
            return false
        }
        name.truncate(to: base)
        return true
    }

    /// Writes elements that all share the current name, with a short path for integers (`ids[]=1&ids[]=2…`).
    private mutating func writeElements(_ elements: [ParameterValue], depth: Int) -> Bool {
        // Room for `&name=` and a short value per element up front: the per-pair checks then never grow.
        output.reserve(elements.count &* (name.count &+ 8))
        // `&name=` once, for the integers: each then costs one copy and its digits.
        let headCount = name.count &+ 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: headCount) { head in
            guard let headBase = head.baseAddress else { return false }
            headBase[0] = UInt8(ascii: "&")
            QueryByteWriter.copy(from: name.base, to: headBase + 1, count: headCount &- 2)
            headBase[headCount &- 1] = UInt8(ascii: "=")
            return elements.withUnsafeBufferPointer { buffer in
                var index = 0
                while index < buffer.count {
                    if !isFirst {
                        // A run of integers in one tight loop.
                        index = output.appendIntegers(buffer, from: index, head: headBase, count: headCount)
                        if index == buffer.count { break }
                    }
                    if let integer = buffer[index].signedInteger {
                        // The query's first pair: no `&`.
                        output.append(head: headBase + 1, count: headCount &- 1, integer: integer)
                        isFirst = false
                    } else if case .number(let number) = buffer[index], writeIntegerValue(number) {
                        // An unsigned integer.
                    } else {
                        guard write(buffer[index], depth: depth + 1, isTopLevel: false) else { return false }
                    }
                    index += 1
                }
                return true
            }
        }
    }

    /// Writes a pair for a 64-bit integer; `false` (nothing written) for other numbers.
    @inline(__always)
    private mutating func writeIntegerValue(_ number: ParameterNumber) -> Bool {
        switch number.storage {
        case .signed(let value):
            output.appendPair(name: name, isFirst: isFirst, decimal: value.magnitude, isNegative: value < 0)
        case .unsigned(let value):
            output.appendPair(name: name, isFirst: isFirst, decimal: value, isNegative: false)
        default:
            return false
        }
        isFirst = false
        return true
    }

    @inline(__always)
    private mutating func writeNumber(_ number: ParameterNumber) {
        switch number.storage {
        case .signed(let value):
            if value < 0 { output.append(escapingByte: UInt8(ascii: "-"), table: table) }
            output.appendDecimal(value.magnitude)
        case .unsigned(let value):
            output.appendDecimal(value)
        default:
            scratch.removeAll(keepingCapacity: true)
            number.appendText(to: &scratch)
            writeScratch()
        }
    }

    private mutating func writeDate(_ date: Date) -> Bool {
        // Dates are rare: take the general path's text, and leave its errors to the general path.
        guard let text = try? style.scalarText(.date(date), named: []) else { return false }
        startValue()
        output.append(escaping: text, table: table)
        return true
    }

    private mutating func writeScratch() {
        let text = scratch
        let table = table
        text.withUnsafeBufferPointer { bytes in output.append(escaping: bytes, table: table) }
    }

    private mutating func writeEscapedText(_ text: StaticString) {
        let table = table
        text.withUTF8Buffer { bytes in output.append(escaping: bytes, table: table) }
    }
}

extension QueryStyle {
    /// Appends the escaped query for a parameter tree: the single-pass writer for ``StandardQueryStyle``, otherwise
    /// ``QueryStyle/pairs(for:)`` written by ``QueryString``. Same bytes either way.
    /// - Parameters:
    ///   - parameters: The parameters.
    ///   - bytes: The buffer to append to.
    ///   - spaceEncoding: How to write spaces.
    /// - Throws: When the parameters cannot be written in this style.
    package func appendQuery(
        for parameters: ParameterValue,
        to bytes: inout [UInt8],
        spaceEncoding: PercentEncoding.SpaceEncoding
    ) throws {
        if Self.self == StandardQueryStyle.self,
            unsafeBitCast(self, to: StandardQueryStyle.self).appendFastQuery(
                for: parameters, to: &bytes, spaceEncoding: spaceEncoding)
        {
            return
        }
        QueryString.append(try pairs(for: parameters), to: &bytes, spaceEncoding: spaceEncoding)
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
