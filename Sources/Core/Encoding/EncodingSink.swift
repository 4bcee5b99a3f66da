#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// Where ``ValueEncoder``, the one `Encoder` behind every `Encodable` input, sends what a value encodes.
///
/// The encoder applies the ``ParameterValueEncoder`` strategies (dates, data, keys, nil) and the `Encoder` rules
/// (nested and super encoders, repeated keys, a value that encodes nothing) once; a sink only writes the events
/// in its format. The sinks are the query and form writer (``QueryWriter``), the parameter tree builder
/// (``ParameterTreeSink``) and the JSON writer of `WireformJSONBody`.
///
/// Every value is one scalar event or a `begin…`/`end…` pair; a keyed container announces each member with
/// ``key(_:)`` first. A key can come again in a container begun with ``beginKeyed(sortsKeys:)``: keys are the same
/// when they are equal `String`s (canonically equivalent, as in a Swift `Dictionary` and `JSONEncoder`), and the key
/// keeps its first position and its first spelling and takes its last value
/// (``UTF8Order/memberOrder(count:sorted:into:sortKey:key:)`` computes that order). A container begun with
/// ``beginKeyed(distinctKeysIn:)`` (a ``ParameterDictionary``, whose keys are distinct byte strings) repeats no key.
/// Dates and data arrive only when the strategy defers them to the format.
@usableFromInline
package protocol EncodingSink: ~Copyable {
    /// Starts a dictionary; `sortsKeys` for a Swift `Dictionary`, whose keys have no order of their own.
    mutating func beginKeyed(sortsKeys: Bool)
    /// Starts a dictionary whose keys are distinct byte strings (a ``ParameterDictionary``: `"é"` and `"e\u{301}"`
    /// are two keys), sent in `ordering`: no key repeats, and a writer whose order is `ordering` moves nothing.
    mutating func beginKeyed(distinctKeysIn ordering: KeyOrdering)
    /// Names the next member of the current dictionary (the key is final: strategies are applied).
    mutating func key(_ key: String)
    /// A dictionary member whose value is a string: ``key(_:)`` then ``string(_:)``, in one call.
    mutating func member(_ key: String, string value: String) throws
    /// The leading members of a tree's dictionary from here on whose values are strings: ``member(_:string:)`` for
    /// each, in one call; returns how many it wrote (possibly none).
    mutating func members(_ run: StringMemberRun) throws -> Int
    /// Ends the current dictionary.
    mutating func endKeyed()
    /// Starts an array; `isSet` for a Swift `Set`.
    mutating func beginUnkeyed(isSet: Bool)
    /// Ends the current array.
    mutating func endUnkeyed()
    /// A string.
    mutating func string(_ value: String) throws
    /// A boolean.
    mutating func bool(_ value: Bool) throws
    /// An integer that fits 64 bits, as its magnitude and sign.
    mutating func integer(_ magnitude: UInt64, isNegative: Bool) throws
    /// The leading integers of a tree's array from here on: ``integer(_:isNegative:)`` for each, in one call;
    /// returns how many it wrote.
    mutating func integers(_ run: IntegerRun) throws -> Int
    /// Any other number (floating point, `Decimal`, 128-bit integers), possibly not finite.
    mutating func number(_ value: ParameterNumber) throws
    /// A date the strategy left to the format.
    mutating func date(_ value: Date) throws
    /// Bytes the strategy left to the format.
    mutating func data(_ value: Data) throws
    /// Nil.
    mutating func null() throws
}

extension EncodingSink where Self: ~Copyable {
    /// A dictionary of distinct keys, for a sink that makes no use of knowing it: ``beginKeyed(sortsKeys:)`` with
    /// `sortsKeys: false`.
    /// - Parameter ordering: The order the members come in.
    @inlinable
    package mutating func beginKeyed(distinctKeysIn ordering: KeyOrdering) { beginKeyed(sortsKeys: false) }

    /// ``key(_:)`` then ``string(_:)``.
    /// - Parameters:
    ///   - key: The member's key.
    ///   - value: Its value.
    /// - Throws: What ``string(_:)`` throws.
    @inlinable
    package mutating func member(_ key: String, string value: String) throws {
        self.key(key)
        try string(value)
    }

    /// ``member(_:string:)`` for each leading string member of the run.
    /// - Parameter run: The rest of a tree's dictionary.
    /// - Returns: How many members it wrote.
    /// - Throws: What ``member(_:string:)`` throws.
    @inlinable
    package mutating func members(_ run: StringMemberRun) throws -> Int {
        var position = 0
        while let text = run.text(at: position) {
            try member(run.key(at: position), string: text)
            position &+= 1
        }
        return position
    }

    /// ``integer(_:isNegative:)`` for each leading integer of the run.
    /// - Parameter run: The rest of a tree's array.
    /// - Returns: How many integers it wrote.
    /// - Throws: What ``integer(_:isNegative:)`` throws.
    @inlinable
    package mutating func integers(_ run: IntegerRun) throws -> Int {
        try run.forEach { try integer($0.magnitude, isNegative: $0 < 0) }
    }
}
