#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The tree source of ``EncodingSink`` events: a ``ParameterValue`` walked into the same events that ``ValueEncoder``
/// sends for an `Encodable` value and the JSON text reader sends for JSON bytes, so that each format has one writer
/// for all three inputs.
extension ParameterValue {
    /// Sends the tree to a sink, depth first, one event per value.
    ///
    /// - A dictionary is ``EncodingSink/beginKeyed(distinctKeysIn:)`` with `keyOrdering` (its keys are distinct
    ///   byte strings and have an order of their own), ``EncodingSink/key(_:)`` before each member, then ``EncodingSink/endKeyed()``. With
    ///   `keyOrdering` ``KeyOrdering/sorted`` the members come sorted by their keys' UTF-8 bytes, so a writer that
    ///   sorts finds them in order and moves nothing; with ``KeyOrdering/insertion`` in insertion order.
    /// - A set is ``EncodingSink/beginUnkeyed(isSet:)`` with `isSet: true` and its
    ///   ``canonicalSetMembers(_:)``: sorted, repeated members once.
    /// - An integer that fits 64 bits is ``EncodingSink/integer(_:isNegative:)``; other numbers
    ///   ``EncodingSink/number(_:)``.
    ///
    /// The walk recurses once per container, so it checks the depth before it goes one level deeper: a container
    /// with ``maximumDepth`` containers around it is begun (a writer that counts levels keeps its own error, naming
    /// the place in its own words) and not entered, and the walk throws. Any depth a caller builds is refused, never
    /// a stack overflow; each writer refuses the same containers.
    /// Generic and inlinable, so that the walk is specialized for each format's writer in the format's own module.
    /// - Parameters:
    ///   - sink: The writer.
    ///   - keyOrdering: The order to send dictionary members in.
    ///   - enclosingDepth: How many containers the sink has open around this value (a set's members sent back by the
    ///     writer that kept the set); the walk goes no deeper than ``maximumDepth`` containers in all.
    /// - Throws: What the sink throws; the walk stops at the first error. ``SerializationError/Code/unsupportedValue``
    ///   (`Parameters nest deeper than 128 levels at 'a.b[0]'`) for a container nested deeper than ``maximumDepth``.
    @inlinable
    package func sendEvents<Sink: EncodingSink & ~Copyable>(
        to sink: inout Sink,
        keyOrdering: KeyOrdering = .insertion,
        enclosingDepth: Int = 0
    ) throws {
        do {
            try walk(to: &sink, keyOrdering: keyOrdering, depth: enclosingDepth, limit: Self.maximumDepth)
        } catch let error as TreeNestsTooDeep {
            throw error.serializationError
        }
    }

    /// ``sendEvents(to:keyOrdering:enclosingDepth:)`` from a value with `depth` containers around it, entering no
    /// container that has `limit` containers around it.
    @inlinable
    func walk<Sink: EncodingSink & ~Copyable>(
        to sink: inout Sink,
        keyOrdering: KeyOrdering,
        depth: Int,
        limit: Int
    ) throws {
        switch self {
        case .string(let string):
            try sink.string(string)
        case .number(let number):
            switch number.storage {
            case .signed(let integer):
                try sink.integer(integer.magnitude, isNegative: integer < 0)
            case .unsigned(let integer):
                try sink.integer(integer, isNegative: false)
            case .double, .decimal, .wideInteger:
                try sink.number(number)
            }
        case .bool(let bool):
            try sink.bool(bool)
        case .null:
            try sink.null()
        case .data(let data):
            try sink.data(data)
        case .date(let date):
            try sink.date(date)
        case .array(let elements):
            sink.beginUnkeyed(isSet: false)
            // Checked before the walk goes one level deeper (here and for sets and dictionaries): the recursion stops
            // at the limit, whatever depth the tree has. Every container begun is ended, also when the walk stops,
            // so that the writer sees whole containers and settles its own errors as it always does.
            guard depth < limit else {
                sink.endUnkeyed()
                throw TreeNestsTooDeep(limit: limit)
            }
            do {
                try Self.sendElements(elements, to: &sink, keyOrdering: keyOrdering, depth: depth + 1, limit: limit)
            } catch let error as TreeNestsTooDeep {
                sink.endUnkeyed()
                throw error
            }
            sink.endUnkeyed()
        case .set(let members):
            sink.beginUnkeyed(isSet: true)
            guard depth < limit else {
                sink.endUnkeyed()
                throw TreeNestsTooDeep(limit: limit)
            }
            for (position, member) in Self.canonicalSetMembers(members).enumerated() {
                do {
                    try member.walk(to: &sink, keyOrdering: keyOrdering, depth: depth + 1, limit: limit)
                } catch let error as TreeNestsTooDeep {
                    sink.endUnkeyed()
                    throw error.inside(.index(position))
                }
            }
            sink.endUnkeyed()
        case .dictionary(let dictionary):
            sink.beginKeyed(distinctKeysIn: keyOrdering)
            guard depth < limit else {
                sink.endKeyed()
                throw TreeNestsTooDeep(limit: limit)
            }
            let keys = dictionary.orderedKeys
            let values = dictionary.orderedValues
            do {
                try Self.sendMembers(
                    keys: keys, values: values, to: &sink, keyOrdering: keyOrdering, depth: depth, limit: limit)
            } catch let error as TreeNestsTooDeep {
                sink.endKeyed()
                throw error
            }
            sink.endKeyed()
        }
    }

    /// Sends a dictionary's members, with `depth` containers around the dictionary.
    @inlinable
    static func sendMembers<Sink: EncodingSink & ~Copyable>(
        keys: [String],
        values: [ParameterValue],
        to sink: inout Sink,
        keyOrdering: KeyOrdering,
        depth: Int,
        limit: Int
    ) throws {
        try UTF8Order.withOrder(of: keys, keyOrdering) { order in
            // Values read in place, not copied out of the array.
            try values.withUnsafeBufferPointer { values in
                var position = 0
                while position < order.count {
                    let index = order[position]
                    if case .string(let text) = values[index] {
                        guard position + 1 < order.count, case .string = values[order[position + 1]] else {
                            // A string member alone (nested dictionaries, W2): one event.
                            try sink.member(keys[index], string: text)
                            position += 1
                            continue
                        }
                        // Two or more string members in a row, the common case (W1), in one event; slices of
                        // the order and the values, read in place during the call; at least these two are
                        // written.
                        position += try sink.members(
                            StringMemberRun(
                                keys: keys, values: values, order: UnsafeBufferPointer(rebasing: order[position...])
                            ))
                    } else {
                        sink.key(keys[index])
                        do {
                            try values[index].walk(to: &sink, keyOrdering: keyOrdering, depth: depth + 1, limit: limit)
                        } catch let error as TreeNestsTooDeep {
                            throw error.inside(.key(keys[index]))
                        }
                        position += 1
                    }
                }
            }
        }
    }

    /// Sends an array's elements; integers stored as `Int64` go in runs (``EncodingSink/integers(_:)``), strings
    /// without a call into the recursive walk.
    @inlinable
    static func sendElements<Sink: EncodingSink & ~Copyable>(
        _ elements: [ParameterValue],
        to sink: inout Sink,
        keyOrdering: KeyOrdering,
        depth: Int,
        limit: Int
    ) throws {
        // The array read in place; a run of integers is handed on as a slice of it (IntegerRun), not a copy.
        try elements.withUnsafeBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                if buffer[index].signedInteger != nil {
                    // At least the first element is written: the loop moves on.
                    index += try sink.integers(IntegerRun(UnsafeBufferPointer(rebasing: buffer[index...])))
                } else if let string = buffer[index].stringText {
                    try sink.string(string)
                    index += 1
                } else {
                    do {
                        try buffer[index].walk(to: &sink, keyOrdering: keyOrdering, depth: depth, limit: limit)
                    } catch let error as TreeNestsTooDeep {
                        throw error.inside(.index(index))
                    }
                    index += 1
                }
            }
        }
    }

    /// The value when it is a number stored as an `Int64`; read in place, without copying the enum's payload.
    // Inlined into the loops over a tree's array, it reads the element in place instead of copying it (W3).
    @inlinable @inline(__always)
    var signedInteger: Int64? {
        if case .number(let number) = self, case .signed(let value) = number.storage { return value }
        return nil
    }

    /// The text when the value is a string; read in place, without copying the enum (`if case .string(let text) =
    /// elements[index]` copies the whole value out of the array first: W1 220 instructions a call).
    @inlinable
    var stringText: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// The tree of the one value that `send` sends: what a format or a query style that takes a tree gets from an
    /// event source.
    /// - Parameter send: Sends one value's events into the box it is given.
    /// - Throws: What `send` throws; ``SerializationError/Code/unsupportedValue`` when it sent no value.
    package init(events send: (any EncodingSinkBox) throws -> Void) throws {
        let tree = ParameterTreeSink.Box()
        try send(tree)
        guard let value = tree.sink.result else {
            throw SerializationError(.unsupportedValue, "The source sent no value")
        }
        self = value
    }

    /// Sends the tree to a sink held by reference (the way ``ValueEncoder`` and the JSON text reader reach a
    /// writer), in insertion order.
    /// - Parameters:
    ///   - box: The writer.
    ///   - maximumDepth: The deepest nesting to send (the JSON text reader's own limit, for a set it read).
    /// - Throws: What the sink throws; ``SerializationError/Code/unsupportedValue`` past `maximumDepth`.
    package func sendEvents(to box: any EncodingSinkBox, maximumDepth: Int = ParameterValue.maximumDepth) throws {
        var forwarder = BoxForwarder(box: box)
        do {
            try walk(to: &forwarder, keyOrdering: .insertion, depth: 0, limit: maximumDepth)
        } catch let error as TreeNestsTooDeep {
            throw error.serializationError
        }
    }
}

/// A tree walk that stopped at a container nested deeper than ``ParameterValue/maximumDepth``: the steps to it,
/// collected innermost first as the walk returns, so that the walk itself keeps no path.
@usableFromInline
struct TreeNestsTooDeep: Error {
    /// The steps from the refused container out to the root, innermost first.
    /// The limit the walk stopped at.
    @usableFromInline
    let limit: Int
    /// The steps from the refused container out to the root, innermost first.
    @usableFromInline
    var reversedComponents: [ParameterPath.Component] = []

    @inlinable
    init(limit: Int) { self.limit = limit }

    /// The same stop, one container further out: `component` names where the walk went in.
    @inlinable
    func inside(_ component: ParameterPath.Component) -> Self {
        var outer = self
        outer.reversedComponents.append(component)
        return outer
    }

    /// The documented error, naming the refused container's path from the root.
    @usableFromInline
    var serializationError: SerializationError {
        SerializationError(
            .unsupportedValue,
            "Parameters nest deeper than \(limit) levels at '\(ParameterPath(reversedComponents.reversed()))'")
    }
}

/// An ``EncodingSink`` that forwards each event to a boxed sink.
private struct BoxForwarder: EncodingSink {
    let box: any EncodingSinkBox

    mutating func beginKeyed(sortsKeys: Bool) { box.beginKeyed(sortsKeys: sortsKeys) }
    mutating func beginKeyed(distinctKeysIn ordering: KeyOrdering) { box.beginKeyed(distinctKeysIn: ordering) }
    mutating func key(_ key: String) { box.key(key) }
    mutating func member(_ key: String, string value: String) throws { try box.member(key, string: value) }
    mutating func endKeyed() { box.endKeyed() }
    mutating func beginUnkeyed(isSet: Bool) { box.beginUnkeyed(isSet: isSet) }
    mutating func endUnkeyed() { box.endUnkeyed() }
    mutating func string(_ value: String) throws { try box.string(value) }
    mutating func bool(_ value: Bool) throws { try box.bool(value) }
    mutating func integer(_ magnitude: UInt64, isNegative: Bool) throws {
        try box.integer(magnitude, isNegative: isNegative)
    }
    mutating func number(_ value: ParameterNumber) throws { try box.number(value) }
    mutating func date(_ value: Date) throws { try box.date(value) }
    mutating func data(_ value: Data) throws { try box.data(value) }
    mutating func null() throws { try box.null() }
}

/// The rest of an array from an element that is a number stored as `Int64`: its leading such elements are the
/// tree source's ``EncodingSink/integers(_:)`` event, read in place.
@usableFromInline
package struct IntegerRun {
    // A slice of the caller's array storage, valid only during the sink call that receives this run.
    /// The elements, the first of them a number stored as an `Int64`.
    @usableFromInline
    package let elements: UnsafeBufferPointer<ParameterValue>

    /// The rest of an array, from an integer the caller checked.
    // Borrows the caller's buffer: see the comment on `elements`.
    @inlinable
    package init(_ elements: UnsafeBufferPointer<ParameterValue>) { self.elements = elements }

    /// Calls `body` with each leading integer; returns how many there are (at least one).
    // Inlined, the loop reads each element in place and calls no closure (W3).
    @inlinable @inline(__always)
    package func forEach(_ body: (Int64) throws -> Void) rethrows -> Int {
        var index = 0
        while index < elements.count, let integer = elements[index].signedInteger {
            try body(integer)
            index &+= 1
        }
        return index
    }
}

/// The rest of a tree dictionary's members, in the order they are sent: its leading members whose values are strings
/// are the tree source's ``EncodingSink/members(_:)`` event, read in place.
@usableFromInline
package struct StringMemberRun {
    /// The dictionary's keys, in insertion order.
    @usableFromInline
    package let keys: [String]
    // Buffers of the caller's storage, valid only during the sink call that receives this run.
    /// The dictionary's values, in insertion order.
    @usableFromInline
    package let values: UnsafeBufferPointer<ParameterValue>
    /// The positions of the members still to send, in the order they are sent.
    // A view of the walker's own sorted-index buffer, alive while the dictionary's members are sent (no copy per
    // dictionary).
    @usableFromInline
    package let order: UnsafeBufferPointer<Int>

    /// The members at `order` of a dictionary's `keys` and `values`.
    // Borrows the caller's buffers: see the comment on `values`.
    @inlinable
    package init(keys: [String], values: UnsafeBufferPointer<ParameterValue>, order: UnsafeBufferPointer<Int>) {
        self.keys = keys
        self.values = values
        self.order = order
    }

    /// The text of the member at `position` in the run, or `nil` past its end or when the member's value is not
    /// a string.
    @inlinable
    package func text(at position: Int) -> String? {
        guard position < order.count, case .string(let text) = values[order[position]] else { return nil }
        return text
    }

    /// The key of the member at `position` in the run.
    @inlinable
    package func key(at position: Int) -> String { keys[order[position]] }
}
