import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Passes events on to a property list writer, except that a set's members are written in their canonical order
/// (``Wireform/ParameterValue/canonicalSetMembers(_:)``: sorted, each once), as for a ``Wireform/ParameterValue/set(_:)``
/// in a tree: a Swift `Set` encodes its members in an order that changes from run to run.
///
/// A set's events are collected into a tree (with ``Wireform/ParameterTreeSink``) and sent to the writer when the
/// set ends. Used for the event sources (an `Encodable` value, JSON text); a tree sends its sets in order already.
struct PropertyListSetOrdering<Writer: PropertyListEventWriter & ~Copyable>: ~Copyable, EncodingSink {
    /// The writer.
    var writer: Writer
    /// The set being collected, with what it contains.
    private var set = ParameterTreeSink()
    /// The containers open in ``set``; zero when no set is being collected.
    private var setDepth = 0
    /// An error the writer threw for a set's members, thrown by the next event that can throw.
    private var failure: (any Error)?

    /// Wraps a writer.
    init(_ writer: consuming Writer) { self.writer = writer }

    /// The finished property list.
    /// - Throws: The first error found.
    mutating func finish() throws -> Data {
        if let failure { throw failure }
        return try writer.finish()
    }

    mutating func beginKeyed(sortsKeys: Bool) {
        if setDepth > 0 {
            setDepth += 1
            set.beginKeyed(sortsKeys: sortsKeys)
        } else {
            writer.beginKeyed(sortsKeys: sortsKeys)
        }
    }

    mutating func key(_ key: String) {
        if setDepth > 0 { set.key(key) } else { writer.key(key) }
    }

    mutating func endKeyed() {
        if setDepth > 0 {
            setDepth -= 1
            set.endKeyed()
        } else {
            writer.endKeyed()
        }
    }

    mutating func beginUnkeyed(isSet: Bool) {
        if setDepth > 0 || isSet {
            setDepth += 1
            set.beginUnkeyed(isSet: isSet)
        } else {
            writer.beginUnkeyed(isSet: false)
        }
    }

    mutating func endUnkeyed() {
        guard setDepth > 0 else {
            writer.endUnkeyed()
            return
        }
        setDepth -= 1
        set.endUnkeyed()
        guard setDepth == 0, let value = set.result else { return }
        set = ParameterTreeSink()
        do {
            // The walk sends the members, and any sets inside them, in canonical order.
            try value.sendEvents(to: &writer)
        } catch {
            if failure == nil { failure = error }
        }
    }

    mutating func string(_ value: String) throws {
        if setDepth > 0 { return set.string(value) }
        if let failure { throw failure }
        try writer.string(value)
    }

    mutating func bool(_ value: Bool) throws {
        if setDepth > 0 { return set.bool(value) }
        if let failure { throw failure }
        try writer.bool(value)
    }

    mutating func integer(_ magnitude: UInt64, isNegative: Bool) throws {
        if setDepth > 0 { return set.integer(magnitude, isNegative: isNegative) }
        if let failure { throw failure }
        try writer.integer(magnitude, isNegative: isNegative)
    }

    mutating func number(_ value: ParameterNumber) throws {
        if setDepth > 0 { return set.number(value) }
        if let failure { throw failure }
        try writer.number(value)
    }

    mutating func date(_ value: Date) throws {
        if setDepth > 0 { return set.date(value) }
        if let failure { throw failure }
        try writer.date(value)
    }

    mutating func data(_ value: Data) throws {
        if setDepth > 0 { return set.data(value) }
        if let failure { throw failure }
        try writer.data(value)
    }

    mutating func null() throws {
        if setDepth > 0 { return set.null() }
        if let failure { throw failure }
        try writer.null()
    }
}
