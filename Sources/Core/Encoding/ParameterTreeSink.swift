#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif

/// The ``EncodingSink`` that builds a ``ParameterValue`` tree, for ``ParameterValueEncoder/encode(_:)``, for formats
/// that take a tree, and for the parts of a value that a streaming sink holds back.
///
/// Open containers keep their members on two shared stacks (keys and values), so a dictionary costs its own storage
/// and no more; a key that comes again keeps its first position and takes the later value.
package struct ParameterTreeSink: EncodingSink {
    /// An open container: where its members start on the stacks.
    private struct Level {
        var isKeyed: Bool
        /// A Swift `Dictionary` (keys sorted) or a Swift `Set`.
        var isSorted: Bool
        /// A dictionary whose keys are distinct byte strings: kept as they came, none merged.
        var hasDistinctKeys = false
        var keyBase: Int
        var valueBase: Int
    }

    private var keys: [String] = []
    private var values: [ParameterValue] = []
    private var levels: [Level] = []
    /// The finished value, once the top-level value ends.
    package private(set) var result: ParameterValue?

    /// An empty builder; it allocates nothing until the first value.
    package init() {}

    private mutating func put(_ value: ParameterValue) {
        if levels.isEmpty { result = value } else { values.append(value) }
    }

    package mutating func beginKeyed(sortsKeys: Bool) {
        levels.append(Level(isKeyed: true, isSorted: sortsKeys, keyBase: keys.count, valueBase: values.count))
    }

    /// A dictionary of distinct keys (a ``ParameterDictionary`` sent as events): its members are kept as they come,
    /// so that canonically equivalent keys with different bytes stay two keys.
    package mutating func beginKeyed(distinctKeysIn ordering: KeyOrdering) {
        levels.append(
            Level(
                isKeyed: true, isSorted: false, hasDistinctKeys: true, keyBase: keys.count, valueBase: values.count))
    }

    package mutating func key(_ key: String) { keys.append(key) }

    package mutating func endKeyed() {
        let level = levels.removeLast()
        let dictionary: ParameterDictionary
        var order: [(value: Int, key: Int)] = []
        if !level.hasDistinctKeys,
            UTF8Order.memberOrder(
                count: keys.count - level.keyBase, sorted: level.isSorted, into: &order,
                sortKey: { UTF8Order.SortKey(keys[level.keyBase + $0]) }, key: { keys[level.keyBase + $0] })
        {
            dictionary = ParameterDictionary(
                distinctKeys: order.map { keys[level.keyBase + $0.key] },
                values: order.map { values[level.valueBase + $0.value] })
        } else {
            dictionary = ParameterDictionary(
                distinctKeys: Array(keys[level.keyBase...]), values: Array(values[level.valueBase...]))
        }
        // Removing nothing from an empty array would copy it.
        if level.keyBase < keys.count { keys.removeSubrange(level.keyBase...) }
        if level.valueBase < values.count { values.removeSubrange(level.valueBase...) }
        put(.dictionary(dictionary))
    }

    package mutating func beginUnkeyed(isSet: Bool) {
        levels.append(Level(isKeyed: false, isSorted: isSet, keyBase: keys.count, valueBase: values.count))
    }

    package mutating func endUnkeyed() {
        let level = levels.removeLast()
        let elements = Array(values[level.valueBase...])
        if level.valueBase < values.count { values.removeSubrange(level.valueBase...) }
        put(level.isSorted ? .set(elements) : .array(elements))
    }

    package mutating func string(_ value: String) { put(.string(value)) }
    package mutating func bool(_ value: Bool) { put(.bool(value)) }

    package mutating func integer(_ magnitude: UInt64, isNegative: Bool) {
        if isNegative {
            put(.number(ParameterNumber(Int64(truncatingIfNeeded: 0 &- magnitude))))
        } else if magnitude <= UInt64(Int64.max) {
            put(.number(ParameterNumber(Int64(magnitude))))
        } else {
            put(.number(ParameterNumber(magnitude)))
        }
    }

    package mutating func number(_ value: ParameterNumber) { put(.number(value)) }
    package mutating func date(_ value: Date) { put(.date(value)) }
    package mutating func data(_ value: Data) { put(.data(value)) }
    package mutating func null() { put(.null) }
}
