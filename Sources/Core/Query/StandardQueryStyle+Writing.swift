#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The one tree walker behind every ``StandardQueryStyle`` output: ``StandardQueryStyle/appendPairs(for:to:)`` runs
/// it with a ``QueryPairSink``, `writtenQueryString(for:spaceEncoding:)` and
/// `writeQuery(for:to:spaceEncoding:)` with an ``EscapedQuerySink``. Generic over the sink,
/// so each sink gets its own specialized copy with no dynamic dispatch per value.
extension StandardQueryStyle {
    /// Walks a parameter tree and hands each pair to the sink, in the order they are written.
    /// - Throws: ``SerializationError`` for a top level that is not a dictionary, a value or shape the style cannot
    ///   write, or a tree deeper than 128 levels.
    func write<Sink: QuerySink & ~Copyable>(_ parameters: ParameterValue, to sink: inout Sink)
        throws(SerializationError)
    {
        guard case .dictionary(let dictionary) = parameters else {
            throw SerializationError(
                .invalidTopLevelValue,
                "Query and form parameters must be a dictionary at the top level, not \(parameters.kindName)"
            )
        }
        let keys = dictionary.orderedKeys
        let values = dictionary.orderedValues
        try UTF8Order.withOrder(of: keys, keyOrdering) { order throws(SerializationError) in
            for index in order {
                sink.truncateName(to: 0)
                sink.appendToName(keys[index])
                if values[index].isContainer {
                    try write(values[index], to: &sink, depth: 1, isTopLevel: true)
                } else {
                    try writeScalar(values[index], to: &sink)
                }
            }
        }
        sink.truncateName(to: 0)
    }

    /// Writes a container the style writes as a whole (a set, a delimited list, an exploded dictionary), for
    /// ``QueryEncodingSink``; the walk itself stays private, so its calls here are compiled as before.
    func writeContainer(
        _ value: ParameterValue,
        to sink: inout EscapedQuerySink,
        depth: Int,
        isTopLevel: Bool
    ) throws(SerializationError) {
        try write(value, to: &sink, depth: depth, isTopLevel: isTopLevel)
    }

    /// Writes a scalar as one pair, for ``QueryEncodingSink``.
    func writeScalarPair(_ value: ParameterValue, to sink: inout EscapedQuerySink) throws(SerializationError) {
        try writeScalar(value, to: &sink)
    }

    /// A name for an error message, for ``QueryEncodingSink``.
    func nameText(_ name: [UInt8]) -> String { text(name) }

    // Not inlined: inlined into the key loop's closure, this recursive walker made that closure four times larger
    // and W2 (nested dictionaries) 14 % slower; called, it is as fast as before the OpenAPI styles.
    @inline(never)
    private func write<Sink: QuerySink & ~Copyable>(
        _ value: ParameterValue,
        to sink: inout Sink,
        depth: Int,
        isTopLevel: Bool
    ) throws(SerializationError) {
        switch value {
        case .dictionary(let dictionary):
            guard depth < ParameterValue.maximumDepth else { throw tooDeep(sink) }
            if dictionary.isEmpty { return writeEmpty(to: &sink) }
            if !nesting.appendsKeysToName {
                return try writeWithoutNesting(dictionary, to: &sink, depth: depth, isTopLevel: isTopLevel)
            }
            let keys = dictionary.orderedKeys
            let values = dictionary.orderedValues
            let base = sink.nameLength
            let isDotted = nesting == .dotted
            try UTF8Order.withOrder(of: keys, keyOrdering) { order throws(SerializationError) in
                for index in order {
                    if isDotted {
                        sink.appendToName(ascii: UInt8(ascii: "."))
                        sink.appendToName(keys[index])
                    } else {
                        sink.appendToName(ascii: UInt8(ascii: "["))
                        sink.appendToName(keys[index])
                        sink.appendToName(ascii: UInt8(ascii: "]"))
                    }
                    if values[index].isContainer {
                        try write(values[index], to: &sink, depth: depth + 1, isTopLevel: false)
                    } else {
                        try writeScalar(values[index], to: &sink)
                    }
                    sink.truncateName(to: base)
                }
            }
        case .array(let elements):
            try writeSequence(elements, isSet: false, to: &sink, depth: depth, isTopLevel: isTopLevel)
        case .set(let members):
            try writeSequence(
                ParameterValue.canonicalSetMembers(members), isSet: true, to: &sink, depth: depth,
                isTopLevel: isTopLevel)
        case .null, .string, .number, .bool, .date, .data:
            try writeScalar(value, to: &sink)
        }
    }

    /// Writes a value that is not a container as one pair (null as ``nulls`` says).
    @inline(__always)
    private func writeScalar<Sink: QuerySink & ~Copyable>(_ value: ParameterValue, to sink: inout Sink)
        throws(SerializationError)
    {
        switch value {
        case .null:
            if nulls == .bareKey {
                sink.appendBareName()
            } else if nulls == .emptyValue {
                sink.appendPair(text: "")
            }
        case .string(let string):
            sink.appendPair(text: string)
        case .number(let number):
            switch number.storage {
            case .signed(let integer):
                sink.appendPair(integer: integer.magnitude, isNegative: integer < 0)
            case .unsigned(let integer):
                sink.appendPair(integer: integer, isNegative: false)
            default:
                guard number.isFinite else { throw nonFinite(number, sink) }
                sink.appendPair(number: number)
            }
        case .bool(let bool):
            if bools == .literal {
                sink.appendPair(ascii: bool ? "true" : "false")
            } else {
                sink.appendPair(ascii: bool ? "1" : "0")
            }
        case .date(let date):
            sink.appendPair(text: try dateText(date, at: text(sink.unescapedName())))
        case .data(let bytes):
            if data == .raw {
                sink.appendPair(data: bytes)
            } else {
                sink.appendPair(text: bytes.base64EncodedString())
            }
        case .array, .dictionary, .set:
            // Callers pass only scalars and null.
            return
        }
    }

    /// Writes an array's elements or a set's members as ``arrays`` or ``sets`` says; only a custom encoding's
    /// closure is looked up, the named cases are read as they are stored.
    private func writeSequence<Sink: QuerySink & ~Copyable>(
        _ elements: [ParameterValue],
        isSet: Bool,
        to sink: inout Sink,
        depth: Int,
        isTopLevel: Bool
    ) throws(SerializationError) {
        guard depth < ParameterValue.maximumDepth else { throw tooDeep(sink) }
        guard isTopLevel || allowsNestedArrays else {
            throw SerializationError(
                .unsupportedValue,
                "This query style cannot write an array or set inside a dictionary, at '\(text(sink.unescapedName()))'"
            )
        }
        if elements.isEmpty { return writeEmpty(to: &sink) }
        let base = sink.nameLength
        switch isSet ? setCase : arrayCase {
        case .brackets:
            sink.appendToName(ascii: UInt8(ascii: "["))
            sink.appendToName(ascii: UInt8(ascii: "]"))
            try writeElements(elements, to: &sink, depth: depth, containersAllowed: true)
        case .indexed:
            for (index, element) in elements.enumerated() {
                sink.appendToName(ascii: UInt8(ascii: "["))
                sink.appendIndexToName(UInt64(index))
                sink.appendToName(ascii: UInt8(ascii: "]"))
                try write(element, to: &sink, depth: depth + 1, isTopLevel: false)
                sink.truncateName(to: base)
            }
        case .repeated:
            try writeElements(elements, to: &sink, depth: depth, containersAllowed: false)
        case .commaDelimited:
            try writeList(elements, delimiter: .comma, to: &sink)
        case .spaceDelimited:
            try writeList(elements, delimiter: .space, to: &sink)
        case .pipeDelimited:
            try writeList(elements, delimiter: .pipe, to: &sink)
        case .custom:
            let namer = isSet ? customEncodings?.sets : customEncodings?.arrays
            try writeCustomNamed(elements, namer: namer, to: &sink, depth: depth)
        }
        sink.truncateName(to: base)
    }

    /// Writes each element under the name ``ArrayEncoding/custom(_:)``'s closure returns for the container's
    /// unescaped name and the element's position; the sink's name is then rebuilt from the container's name.
    @inline(never)
    private func writeCustomNamed<Sink: QuerySink & ~Copyable>(
        _ elements: [ParameterValue],
        namer: ArrayElementNamer?,
        to sink: inout Sink,
        depth: Int
    ) throws(SerializationError) {
        guard let namer else { return }
        let key = String(decoding: sink.unescapedName(), as: UTF8.self)
        for (index, element) in elements.enumerated() {
            sink.truncateName(to: 0)
            sink.appendToName(namer.name(key, index))
            if element.isContainer {
                try write(element, to: &sink, depth: depth + 1, isTopLevel: false)
            } else {
                try writeScalar(element, to: &sink)
            }
        }
        // Escaping is a function of the bytes, so the container's escaped name comes back as it was.
        sink.truncateName(to: 0)
        sink.appendToName(key)
    }

    /// Writes a dictionary whose keys are not appended to its name: exploded, or as one delimited list. Kept out of
    /// line so that the bracket and dotted walk stays as small as it was.
    @inline(never)
    private func writeWithoutNesting<Sink: QuerySink & ~Copyable>(
        _ dictionary: ParameterDictionary,
        to sink: inout Sink,
        depth: Int,
        isTopLevel: Bool
    ) throws(SerializationError) {
        switch nesting.base {
        case .exploded: try writeExploded(dictionary, to: &sink, depth: depth, isTopLevel: isTopLevel)
        case .spaceDelimited: try writeDelimited(dictionary, delimiter: .space, to: &sink)
        case .pipeDelimited: try writeDelimited(dictionary, delimiter: .pipe, to: &sink)
        default: try writeDelimited(dictionary, delimiter: .comma, to: &sink)
        }
    }

    /// Writes scalars as one pair whose value is their texts joined with a delimiter.
    @inline(never)
    private func writeList<Sink: QuerySink & ~Copyable>(
        _ elements: [ParameterValue],
        delimiter: ListDelimiter,
        to sink: inout Sink
    ) throws(SerializationError) {
        var items: [String] = []
        items.reserveCapacity(elements.count)
        for element in elements {
            items.append(try listItem(element, delimiter: delimiter, sink))
        }
        sink.appendPair(list: items, delimiter: delimiter)
    }

    /// Writes a dictionary as one pair whose value is its keys and values, alternating, joined with a delimiter
    /// (OpenAPI `form` with `explode: false`, `spaceDelimited`, `pipeDelimited`): `color=R,100,G,200`.
    private func writeDelimited<Sink: QuerySink & ~Copyable>(
        _ dictionary: ParameterDictionary,
        delimiter: ListDelimiter,
        to sink: inout Sink
    ) throws(SerializationError) {
        let keys = dictionary.orderedKeys
        let values = dictionary.orderedValues
        var items: [String] = []
        items.reserveCapacity(keys.count * 2)
        try UTF8Order.withOrder(of: keys, keyOrdering) { order throws(SerializationError) in
            for index in order {
                items.append(keys[index])
                items.append(try listItem(values[index], delimiter: delimiter, sink, key: keys[index]))
            }
        }
        sink.appendPair(list: items, delimiter: delimiter)
    }

    /// Writes a top-level parameter's dictionary with each key as a name of its own (OpenAPI `form` with
    /// `explode: true`): `R=100&G=200`. Its values must be scalars, and it must be a parameter's own value.
    private func writeExploded<Sink: QuerySink & ~Copyable>(
        _ dictionary: ParameterDictionary,
        to sink: inout Sink,
        depth: Int,
        isTopLevel: Bool
    ) throws(SerializationError) {
        guard isTopLevel else {
            throw SerializationError(
                .unsupportedValue,
                "An exploded dictionary must be a parameter's own value, not nested, at "
                    + "'\(text(sink.unescapedName()))'"
            )
        }
        let keys = dictionary.orderedKeys
        let values = dictionary.orderedValues
        let parent = text(sink.unescapedName())
        try UTF8Order.withOrder(of: keys, keyOrdering) { order throws(SerializationError) in
            for index in order {
                let value = values[index]
                if value.isContainer {
                    throw SerializationError(
                        .unsupportedValue,
                        "An exploded dictionary cannot hold \(value.kindName), at '\(parent)' key "
                            + "\(SerializationError.quoted(keys[index]))"
                    )
                }
                sink.truncateName(to: 0)
                sink.appendToName(keys[index])
                try writeScalar(value, to: &sink)
            }
        }
    }

    /// The text of one item of a delimited list: a scalar, null as the empty text, data as Base64.
    private func listItem<Sink: QuerySink & ~Copyable>(
        _ value: ParameterValue,
        delimiter: ListDelimiter,
        _ sink: borrowing Sink,
        key: String? = nil
    ) throws(SerializationError) -> String {
        switch value {
        case .array, .dictionary, .set:
            let kind: String
            switch delimiter {
            case .comma: kind = "comma"
            case .space: kind = "space"
            case .pipe: kind = "pipe"
            }
            let location = key.map { " key \(SerializationError.quoted($0))" } ?? ""
            throw SerializationError(
                .unsupportedValue,
                "A \(kind)-delimited list cannot hold \(value.kindName), at '\(text(sink.unescapedName()))'\(location)"
            )
        case .null: return ""
        case .data(let bytes): return bytes.base64EncodedString()
        default: return try scalarText(value, at: text(sink.unescapedName()))
        }
    }

    /// Writes elements that all share the current name; runs of integers go to the sink in one call.
    private func writeElements<Sink: QuerySink & ~Copyable>(
        _ elements: [ParameterValue],
        to sink: inout Sink,
        depth: Int,
        containersAllowed: Bool
    ) throws(SerializationError) {
        try elements.withUnsafeBufferPointer { buffer throws(SerializationError) in
            var index = 0
            while index < buffer.count {
                if buffer[index].signedInteger != nil {
                    index = sink.appendIntegerRun(buffer, from: index)
                    guard index < buffer.count else { return }
                }
                // `k=a&k=b` has no place for an element's own structure: `[{"b": 1}]` would come out as `k[b]=1`,
                // indistinguishable from `{"b": 1}`. Refuse rather than lose the array.
                if !containersAllowed && buffer[index].isContainer {
                    throw SerializationError(
                        .unsupportedValue,
                        "Repeated keys cannot express \(buffer[index].kindName) inside an array or set, at "
                            + "'\(text(sink.unescapedName()))'"
                    )
                }
                // Scalars, the common element, are written here without a call into the recursive walker.
                if buffer[index].isContainer {
                    try write(buffer[index], to: &sink, depth: depth + 1, isTopLevel: false)
                } else {
                    try writeScalar(buffer[index], to: &sink)
                }
                index += 1
            }
        }
    }

    private func writeEmpty<Sink: QuerySink & ~Copyable>(to sink: inout Sink) {
        if emptyContainers == .emptyValue { sink.appendPair(text: "") }
    }

    /// The text of a scalar (not null, data or a container) as a comma-delimited item or a set member's sort key.
    private func scalarText(_ value: ParameterValue, at name: @autoclosure () -> String) throws(SerializationError)
        -> String
    {
        switch value {
        case .string(let string):
            return string
        case .number(let number):
            guard number.isFinite else {
                throw SerializationError(
                    .unsupportedValue, "Non-finite number \(number) at '\(name())' cannot be written in a query")
            }
            return number.text
        case .bool(let bool):
            if bools == .literal { return bool ? "true" : "false" }
            return bool ? "1" : "0"
        case .date(let date):
            return try dateText(date, at: name())
        case .data(let bytes):
            return bytes.base64EncodedString()
        case .null, .array, .dictionary, .set:
            return ""
        }
    }

    private func dateText(_ date: Date, at name: @autoclosure () -> String) throws(SerializationError) -> String {
        if dates == .iso8601 {
            guard ISO8601Text.isRepresentable(date) else {
                throw SerializationError(
                    .unsupportedValue,
                    "Date at '\(name())' is outside the years 1 to 9999 that ISO 8601 text can represent"
                )
            }
            return try ISO8601Text.string(from: date)
        }
        let seconds = date.timeIntervalSince1970
        let interval = dates == .secondsSince1970 ? seconds : (seconds * 1000).rounded()
        guard interval.isFinite else {
            throw SerializationError(.unsupportedValue, "Date at '\(name())' is not a finite time")
        }
        if let whole = Int64(exactly: interval) { return ParameterNumber(whole).text }
        return ParameterNumber(interval).text
    }

    private func nonFinite<Sink: QuerySink & ~Copyable>(_ number: ParameterNumber, _ sink: borrowing Sink)
        -> SerializationError
    {
        SerializationError(
            .unsupportedValue,
            "Non-finite number \(number) at '\(text(sink.unescapedName()))' cannot be written in a query"
        )
    }

    private func tooDeep<Sink: QuerySink & ~Copyable>(_ sink: borrowing Sink) -> SerializationError {
        SerializationError(
            .nestingTooDeep,
            "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(text(sink.unescapedName()))'"
        )
    }

    /// A name for an error message: at most 200 bytes of it.
    private func text(_ name: [UInt8]) -> String {
        let limit = 200
        if name.count <= limit { return String(decoding: name, as: UTF8.self) }
        return String(decoding: name.prefix(limit), as: UTF8.self) + "…"
    }
}
