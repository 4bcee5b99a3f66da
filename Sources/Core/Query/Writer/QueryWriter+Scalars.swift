#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The scalar events, and how each scalar is written: as a pair of its own, or as an item of a delimited list.
extension QueryWriter where Output: ~Copyable {
    /// A string: a pair of its own, or a list item.
    mutating func string(_ value: String) {
        if bufferDepth > 0 { return updateSide { $0.buffer.string(value) } }
        if skipDepth > 0 { return }
        // Text is a pair of its own under a name already written (the common case, without a `ParameterValue`).
        if let index = levels.lastIndex, writesUnderCurrentName(index) { return output.appendPair(text: value) }
        scalar(.string(value))
    }

    /// An integer: a pair of its own, or a list item.
    mutating func integer(_ magnitude: UInt64, isNegative: Bool) {
        if bufferDepth > 0 { return updateSide { $0.buffer.integer(magnitude, isNegative: isNegative) } }
        if skipDepth > 0 { return }
        if let index = levels.lastIndex, writesUnderCurrentName(index) {
            return output.appendPair(integer: magnitude, isNegative: isNegative)
        }
        scalar(.number(Self.number(magnitude, isNegative: isNegative)))
    }

    /// The leading integers of a tree's array; written with one name for all of them when the style repeats the
    /// name.
    mutating func integers(_ run: IntegerRun) -> Int {
        if let index = namesEveryElementAlike() {
            let count = output.appendPairs(integers: run)
            levels[index].count &+= count
            return count
        }
        return run.forEach { integer($0.magnitude, isNegative: $0 < 0) }
    }

    /// A boolean, as ``StandardQueryStyle/bools`` says.
    mutating func bool(_ value: Bool) {
        if bufferDepth > 0 { return updateSide { $0.buffer.bool(value) } }
        if skipDepth > 0 { return }
        scalar(.bool(value))
    }

    /// A number that is not a 64-bit integer; an error when it is not finite.
    mutating func number(_ value: ParameterNumber) {
        if bufferDepth > 0 { return updateSide { $0.buffer.number(value) } }
        if skipDepth > 0 { return }
        scalar(.number(value))
    }

    /// A date, as ``StandardQueryStyle/dates`` says.
    mutating func date(_ value: Date) {
        if bufferDepth > 0 { return updateSide { $0.buffer.date(value) } }
        if skipDepth > 0 { return }
        scalar(.date(value))
    }

    /// Bytes, as ``StandardQueryStyle/data`` says.
    mutating func data(_ value: Data) {
        if bufferDepth > 0 { return updateSide { $0.buffer.data(value) } }
        if skipDepth > 0 { return }
        scalar(.data(value))
    }

    /// Null, as ``StandardQueryStyle/nulls`` says.
    mutating func null() {
        if bufferDepth > 0 { return updateSide { $0.buffer.null() } }
        if skipDepth > 0 { return }
        scalar(.null)
    }

    /// An array of strings; written with one name for all its elements when the style repeats the name.
    mutating func array(of elements: [String]) {
        beginUnkeyed(isSet: false)
        if let index = namesEveryElementAlike() {
            levels[index].count &+= elements.count
            for element in elements { output.appendPair(text: element) }
        } else {
            for element in elements { string(element) }
        }
        endUnkeyed()
    }

    /// An array of integers; written with one name for all its elements when the style repeats the name.
    mutating func array(of elements: [Int]) {
        beginUnkeyed(isSet: false)
        if let index = namesEveryElementAlike() {
            levels[index].count &+= elements.count
            for element in elements { output.appendPair(integer: UInt64(element.magnitude), isNegative: element < 0) }
        } else {
            for element in elements { integer(UInt64(element.magnitude), isNegative: element < 0) }
        }
        endUnkeyed()
    }

    /// The array just started, when it names each scalar element the same (`brackets`, `repeated`).
    @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    private func namesEveryElementAlike() -> Int? {
        guard bufferDepth == 0, skipDepth == 0, let index = levels.lastIndex else { return nil }
        let kind = levels[index].kind
        return kind == .brackets || kind == .repeated ? index : nil
    }

    /// Whether a scalar in the container at `index` is a pair under the name already written (a dictionary's
    /// member, an element named `key[]` or `key`); counts the element.
    @inline(__always)  // With 12 others: W1 -5 %, W2 -3 % (instruction-table)
    private mutating func writesUnderCurrentName(_ index: Int) -> Bool {
        switch levels[index].kind {
        case .keyed, .exploded:
            return true
        case .brackets, .repeated:
            levels[index].count &+= 1
            return true
        default:
            return false
        }
    }

    /// Writes a scalar in the innermost container, as that container says.
    private mutating func scalar(_ value: ParameterValue) {
        guard let index = levels.lastIndex else { return rejectTopLevel(value.kindName) }
        switch levels[index].kind {
        case .keyed, .exploded:
            break
        case .brackets, .repeated, .indexed, .custom:
            nameElement(index)
        case .list:
            levels[index].count &+= 1
            do {
                let item = try listItem(value)
                updateSide { $0.listItems.append(item) }
            } catch {
                record(error)
            }
            return
        case .delimitedKeyed:
            let last = (side?.delimitedMembers.count ?? 0) - 1
            guard last >= levels[index].memberBase else { return }
            do {
                let text = try listItem(value)
                updateSide { $0.delimitedMembers[last].text = text }
            } catch {
                updateSide { $0.delimitedMembers[last].error = error }
            }
            return
        case .refusedExploded:
            return
        }
        do { try writeScalar(value) } catch { record(error) }
    }

    /// Writes a value that is not a container as one pair under the current name (null as
    /// ``StandardQueryStyle/nulls`` says).
    private mutating func writeScalar(_ value: ParameterValue) throws(SerializationError) {
        switch value {
        case .null:
            if style.nulls == .bareKey {
                output.appendBareName()
            } else if style.nulls == .emptyValue {
                output.appendPair(text: "")
            }
        case .string(let string):
            output.appendPair(text: string)
        case .number(let number):
            switch number.storage {
            case .signed(let integer):
                output.appendPair(integer: integer.magnitude, isNegative: integer < 0)
            case .unsigned(let integer):
                output.appendPair(integer: integer, isNegative: false)
            default:
                guard number.isFinite else { throw nonFinite(number) }
                output.appendPair(number: number)
            }
        case .bool(let bool):
            if style.bools == .literal {
                output.appendPair(ascii: bool ? "true" : "false")
            } else {
                output.appendPair(ascii: bool ? "1" : "0")
            }
        case .date(let date):
            output.appendPair(text: try dateText(date))
        case .data(let bytes):
            if style.data == .raw {
                output.appendPair(data: bytes)
            } else {
                output.appendPair(text: bytes.base64EncodedString())
            }
        case .array, .dictionary, .set:
            // Containers arrive as their own events.
            return
        }
    }

    /// The text of one item of a delimited list: a scalar, null as the empty text, data as Base64.
    private func listItem(_ value: ParameterValue) throws(SerializationError) -> String {
        switch value {
        case .string(let string):
            return string
        case .number(let number):
            guard number.isFinite else { throw nonFinite(number) }
            return number.text
        case .bool(let bool):
            if style.bools == .literal { return bool ? "true" : "false" }
            return bool ? "1" : "0"
        case .date(let date):
            return try dateText(date)
        case .data(let bytes):
            return bytes.base64EncodedString()
        case .null, .array, .dictionary, .set:
            return ""
        }
    }

    /// The error of a container inside a delimited list; `key` is its key in a delimited dictionary.
    func listError(_ kind: String, delimiter: ListDelimiter, key: String?) -> SerializationError {
        let name: String
        switch delimiter {
        case .comma: name = "comma"
        case .space: name = "space"
        case .pipe: name = "pipe"
        }
        let location = key.map { " key \(SerializationError.quoted($0))" } ?? ""
        return SerializationError(
            .unsupportedValue, "A \(name)-delimited list cannot hold \(kind), at '\(nameText)'\(location)")
    }

    /// A date's text as ``StandardQueryStyle/dates`` says.
    private func dateText(_ date: Date) throws(SerializationError) -> String {
        if style.dates == .iso8601 {
            guard ISO8601Text.isRepresentable(date) else {
                throw SerializationError(
                    .unsupportedValue,
                    "Date at '\(nameText)' is outside the years 1 to 9999 that ISO 8601 text can represent"
                )
            }
            return try ISO8601Text.string(from: date)
        }
        let seconds = date.timeIntervalSince1970
        let interval = style.dates == .secondsSince1970 ? seconds : (seconds * 1000).rounded()
        guard interval.isFinite else {
            throw SerializationError(.unsupportedValue, "Date at '\(nameText)' is not a finite time")
        }
        if let whole = Int64(exactly: interval) { return ParameterNumber(whole).text }
        return ParameterNumber(interval).text
    }

    private func nonFinite(_ number: ParameterNumber) -> SerializationError {
        SerializationError(
            .unsupportedValue, "Non-finite number \(number) at '\(nameText)' cannot be written in a query")
    }

    /// The number of an integer event, stored as a tree stores it.
    private static func number(_ magnitude: UInt64, isNegative: Bool) -> ParameterNumber {
        if isNegative { return ParameterNumber(Int64(truncatingIfNeeded: 0 &- magnitude)) }
        if magnitude <= UInt64(Int64.max) { return ParameterNumber(Int64(magnitude)) }
        return ParameterNumber(magnitude)
    }
}
