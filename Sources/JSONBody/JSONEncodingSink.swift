import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The ``Wireform/EncodingSink`` that writes JSON for `Encodable` values: the bytes `JSONEncoder` writes when it is
/// configured from the same options (``JSONBodySerializer/makeEncoder()``), on every platform, keys sorted by their
/// UTF-8 bytes as swift-foundation sorts them.
///
/// Values are written as they arrive. Each object member's bytes (`"key":value`, without the comma) are one range;
/// when the object ends and its keys were not in order (or one came again), the ranges are copied once through a
/// scratch buffer in the order to write, with the commas between them.
///
/// Errors are `EncodingError`s with the coding path and `JSONEncoder`'s own message, thrown at once.
struct JSONEncodingSink: EncodingSink {
    /// An open object or array.
    private struct Level {
        var isKeyed: Bool
        var count = 0
        var memberBase: Int
        /// A Swift `Dictionary`, whose keys are sorted whatever the options.
        var sortsKeys = false
    }

    /// An object member: its key, where its bytes start (after the comma), where its value starts, where it ends.
    private struct Member {
        var key: String
        var sortKey: UTF8Order.SortKey
        var start: Int
        var valueStart: Int
        var end = 0
    }

    /// The output; its string escaping is the tree writer's.
    var writer: JSONWriter
    private let sortsKeys: Bool
    private let isPretty: Bool
    private var levels: [Level] = []
    private var members: [Member] = []
    private var scratch: [UInt8] = []
    /// The order of an object's members, reused.
    private var order: [(value: Int, key: Int)] = []

    init(options: JSONWritingOptions, dateEncoding: JSONDateEncoding, dataEncoding: JSONDataEncoding) {
        writer = JSONWriter(options: options, dateEncoding: dateEncoding, dataEncoding: dataEncoding)
        writer.bytes.reserveCapacity(256)
        sortsKeys = options.contains(.sortedKeys)
        isPretty = options.contains(.prettyPrinted)
        levels.reserveCapacity(8)
        members.reserveCapacity(32)
    }

    // MARK: Structure

    /// Starts a value: in an array, the comma and indentation before it.
    @inline(__always)
    private mutating func beginValue() {
        guard let index = levels.indices.last, !levels[index].isKeyed else { return }
        if levels[index].count > 0 { writer.bytes.append(UInt8(ascii: ",")) }
        levels[index].count &+= 1
        newline()
    }

    @inline(__always)
    private mutating func newline() {
        guard isPretty else { return }
        writer.bytes.append(UInt8(ascii: "\n"))
        writer.bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: levels.count * 2))
    }

    /// Closes a container: `JSONEncoder` writes an empty one pretty-printed as an opening, two newlines and the
    /// closing.
    private mutating func close(_ byte: UInt8, count: Int) {
        if isPretty {
            if count == 0 { writer.bytes.append(UInt8(ascii: "\n")) }
            newline()
        }
        writer.bytes.append(byte)
    }

    mutating func beginKeyed(sortsKeys: Bool) {
        beginValue()
        writer.bytes.append(UInt8(ascii: "{"))
        levels.append(Level(isKeyed: true, memberBase: members.count, sortsKeys: sortsKeys))
    }

    mutating func key(_ key: String) {
        let index = levels.count - 1
        if levels[index].count > 0 {
            members[members.count - 1].end = writer.bytes.count
            writer.bytes.append(UInt8(ascii: ","))
        }
        levels[index].count &+= 1
        let start = writer.bytes.count
        newline()
        writer.appendString(key)
        if isPretty {
            writer.bytes.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: ":"), UInt8(ascii: " ")])
        } else {
            writer.bytes.append(UInt8(ascii: ":"))
        }
        members.append(
            Member(key: key, sortKey: UTF8Order.SortKey(key), start: start, valueStart: writer.bytes.count))
    }

    mutating func endKeyed() {
        let level = levels.removeLast()
        let base = level.memberBase
        if members.count > base {
            members[members.count - 1].end = writer.bytes.count
            if UTF8Order.memberOrder(
                count: members.count - base, sorted: sortsKeys || level.sortsKeys, into: &order,
                sortKey: { members[base + $0].sortKey }, key: { members[base + $0].key })
            {
                reorder(base: base)
            }
            members.removeSubrange(base...)
        }
        close(UInt8(ascii: "}"), count: level.count)
    }

    /// Writes an object's members again in a new order, with commas between them; a member whose key came again
    /// is written with its first key and its last value.
    private mutating func reorder(base: Int) {
        let start = members[base].start
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: writer.bytes[start...])
        writer.bytes.removeSubrange(start...)
        for (position, entry) in order.enumerated() {
            if position > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            let member = members[base + entry.value]
            if entry.key == entry.value {
                writer.bytes.append(contentsOf: scratch[(member.start - start)..<(member.end - start)])
            } else {
                let keyMember = members[base + entry.key]
                writer.bytes.append(contentsOf: scratch[(keyMember.start - start)..<(keyMember.valueStart - start)])
                writer.bytes.append(contentsOf: scratch[(member.valueStart - start)..<(member.end - start)])
            }
        }
    }

    mutating func beginUnkeyed(isSet: Bool) {
        beginValue()
        writer.bytes.append(UInt8(ascii: "["))
        levels.append(Level(isKeyed: false, memberBase: members.count))
    }

    mutating func endUnkeyed() {
        let level = levels.removeLast()
        close(UInt8(ascii: "]"), count: level.count)
    }

    // MARK: Scalars

    mutating func string(_ value: String) {
        beginValue()
        writer.appendString(value)
    }

    mutating func bool(_ value: Bool) {
        beginValue()
        if value {
            writer.bytes.append(contentsOf: [
                UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e"),
            ])
        } else {
            writer.bytes.append(contentsOf: [
                UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
            ])
        }
    }

    mutating func integer(_ magnitude: UInt64, isNegative: Bool) {
        beginValue()
        if isNegative { writer.bytes.append(UInt8(ascii: "-")) }
        if magnitude < 10 {
            writer.bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = magnitude
            var start = 20
            while remaining > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            writer.bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start..<20]))
        }
    }

    mutating func number(_ value: ParameterNumber) throws {
        if let decimal = value.decimalValue {
            guard !decimal.isNaN else { throw failure(decimal, "Unable to encode Decimal.nan directly in JSON.") }
            beginValue()
            writer.bytes.append(contentsOf: decimal.description.utf8)
        } else if value.isInteger {
            beginValue()
            value.appendText(to: &writer.bytes)
        } else {
            try floatingPoint(value.doubleValue)
        }
    }

    /// A finite number as `JSONEncoder` writes it: its `description` without a trailing `.0`.
    private mutating func floatingPoint(_ value: Double) throws {
        guard value.isFinite else { throw failure(value, "Unable to encode Double.\(value) directly in JSON.") }
        beginValue()
        let start = writer.bytes.count
        writer.bytes.append(contentsOf: value.description.utf8)
        let count = writer.bytes.count - start
        if count >= 2, writer.bytes[writer.bytes.count - 2] == UInt8(ascii: "."),
            writer.bytes[writer.bytes.count - 1] == UInt8(ascii: "0")
        {
            writer.bytes.removeLast(2)
        }
    }

    mutating func date(_ value: Date) throws {
        // The invalid value is the date's time interval: describing a `Date` whose interval is NaN traps.
        let interval = value.timeIntervalSince1970
        switch writer.dateEncoding {
        case .iso8601:
            guard DateRange.isISO8601Representable(value), let text = try? ISO8601Text.string(from: value) else {
                throw failure(interval, "Date is not finite or is outside the years 1 to 9999")
            }
            string(text)
        case .secondsSince1970:
            try floatingPoint(interval)
        case .millisecondsSince1970:
            guard let milliseconds = DateRange.millisecondsSince1970(value) else {
                throw failure(interval, "Date out of range")
            }
            integer(milliseconds.magnitude, isNegative: milliseconds < 0)
        default:
            throw failure(interval, "Dates are not allowed: the date encoding is 'rejected'")
        }
    }

    mutating func data(_ value: Data) throws {
        guard writer.dataEncoding == .base64 else {
            throw failure(value, "Data is not allowed: the data encoding is 'rejected'")
        }
        string(value.base64EncodedString())
    }

    mutating func null() {
        beginValue()
        writer.bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    // MARK: Errors

    /// `JSONEncoder`'s error for a value, at the path of the value being written.
    private func failure(_ value: Any, _ description: String) -> EncodingError {
        var codingPath: [any CodingKey] = []
        var memberIndex = members.count
        for (depth, level) in levels.enumerated().reversed() {
            if level.isKeyed {
                memberIndex -= 1
                codingPath.append(JSONPathKey(stringValue: members[memberIndex].key))
                memberIndex = level.memberBase
            } else {
                // An element is counted once it starts; the failing scalar, innermost, has not started.
                codingPath.append(JSONPathKey(intValue: depth == levels.count - 1 ? level.count : level.count - 1))
            }
        }
        return EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath.reversed(), debugDescription: description))
    }
}

/// A key of an error's coding path.
private struct JSONPathKey: CodingKey {
    var stringValue: String
    var intValue: Int?

    init(stringValue: String) { self.stringValue = stringValue }

    init(intValue: Int) {
        stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

extension JSONEncodingSink {
    /// The sink as ``Wireform/ValueEncoder`` holds it.
    final class Box: EncodingSinkBox {
        // Only the engine's own synchronous calls touch the sink, one at a time: no runtime exclusivity checks.
        /// Where the events go.
        @exclusivity(unchecked) var sink: JSONEncodingSink

        init(_ sink: JSONEncodingSink) { self.sink = sink }

        func beginKeyed(sortsKeys: Bool) { sink.beginKeyed(sortsKeys: sortsKeys) }
        func key(_ key: String) { sink.key(key) }
        func endKeyed() { sink.endKeyed() }
        func beginUnkeyed(isSet: Bool) { sink.beginUnkeyed(isSet: isSet) }
        func endUnkeyed() { sink.endUnkeyed() }
        func string(_ value: String) { sink.string(value) }
        func member(_ key: String, string value: String) {
            sink.key(key)
            sink.string(value)
        }
        func bool(_ value: Bool) { sink.bool(value) }
        func integer(_ magnitude: UInt64, isNegative: Bool) { sink.integer(magnitude, isNegative: isNegative) }
        func number(_ value: ParameterNumber) throws { try sink.number(value) }
        func date(_ value: Date) throws { try sink.date(value) }
        func data(_ value: Data) throws { try sink.data(value) }
        func null() { sink.null() }
        func array(of elements: [String]) {
            sink.beginUnkeyed(isSet: false)
            for element in elements { sink.string(element) }
            sink.endUnkeyed()
        }
        func array(of elements: [Int]) {
            sink.beginUnkeyed(isSet: false)
            for element in elements { sink.integer(UInt64(element.magnitude), isNegative: element < 0) }
            sink.endUnkeyed()
        }
    }
}
