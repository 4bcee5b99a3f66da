/// A dictionary of parameters with string keys that remembers the order its keys were added in.
///
/// Query styles write keys sorted by default (``KeyOrdering/sorted``) or in this insertion order
/// (``KeyOrdering/insertion``). Two dictionaries are equal when they hold the same keys and values in the same order.
///
/// Keys are compared by their UTF-8 bytes, not by Swift's `String` equality: `"é"` (U+00E9) and `"e\u{301}"` are
/// different keys here, as they are to every server, so neither silently replaces the other.
public struct ParameterDictionary: Sendable, Hashable, RandomAccessCollection {
    /// One key and its value.
    public typealias Element = (key: String, value: ParameterValue)

    private var keys: [String]
    private var values: [ParameterValue]
    /// Key positions, kept only above ``linearSearchLimit`` keys: smaller dictionaries (most request parameters)
    /// are searched linearly, which costs less than hashing every key.
    private var keyIndex: ParameterKeyIndex

    /// Up to this many keys, lookups scan the keys instead of hashing.
    private static let linearSearchLimit = 8

    /// A dictionary built in one go from up to this many keys (an encoded struct) gets no index until it changes:
    /// building one costs more than the few lookups such a dictionary sees, which scan at most this many keys.
    private static let deferredIndexLimit = 32

    /// Creates an empty dictionary (`[:]` outside the package).
    package init() {
        keys = []
        values = []
        keyIndex = ParameterKeyIndex()
    }

    /// Creates a dictionary from key-value pairs; a key given twice keeps its first position and its last value.
    /// - Parameter pairs: The pairs, in order.
    public init(_ pairs: some Sequence<(String, ParameterValue)>) {
        self.init()
        let expected = pairs.underestimatedCount
        keys.reserveCapacity(expected)
        values.reserveCapacity(expected)
        for (key, value) in pairs {
            if let index = index(forKey: key) {
                values[index] = value
            } else {
                appendNew(key, value)
            }
        }
    }

    /// Creates a dictionary from keys that are already distinct by their UTF-8 bytes (the keys of a Swift
    /// dictionary are), and their values, without looking each key up.
    package init(distinctKeys keys: [String], values: [ParameterValue]) {
        self.keys = keys
        self.values = values
        keyIndex = ParameterKeyIndex()
        if keys.count > Self.deferredIndexLimit { keyIndex.rebuild(keys) }
    }

    /// Creates a dictionary from keys in order and their values, or `nil` when a key repeats (by its UTF-8 bytes);
    /// each key is compared (up to ``linearSearchLimit`` keys) or hashed once.
    init?(checkingDistinctKeys keys: [String], values: [ParameterValue]) {
        self.keys = keys
        self.values = values
        keyIndex = ParameterKeyIndex()
        if keys.count > Self.deferredIndexLimit {
            guard keyIndex.buildCheckingDistinct(keys) else { return nil }
        } else if keys.count > Self.linearSearchLimit {
            // A cheap unseeded fingerprint per key; only keys with equal fingerprints are compared byte by byte. It
            // picks no table slot, so colliding keys cost a comparison, never a probe sequence.
            let fingerprints = keys.map(Self.fingerprint)
            for index in keys.indices.dropFirst() {
                for earlier in 0..<index where fingerprints[earlier] == fingerprints[index] {
                    if ByteExactKey.equal(keys[earlier], keys[index]) { return nil }
                }
            }
        } else {
            for index in keys.indices.dropFirst() {
                for earlier in 0..<index where ByteExactKey.equal(keys[earlier], keys[index]) { return nil }
            }
        }
    }

    /// FNV-1a over the key's UTF-8 bytes and its length.
    private static func fingerprint(_ key: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash ^ UInt64(truncatingIfNeeded: key.utf8.count)
    }

    /// Creates a dictionary from a Swift dictionary, with its keys sorted by their UTF-8 bytes.
    /// - Parameter dictionary: The dictionary.
    public init(_ dictionary: [String: ParameterValue]) {
        self.init(dictionary.sorted { UTF8Order.precedes($0.key, $1.key) }.map { ($0.key, $0.value) })
    }

    /// The position of the first element.
    public var startIndex: Int { 0 }
    /// The position after the last element.
    public var endIndex: Int { keys.count }

    /// The key and value at a position.
    /// - Parameter position: A valid index.
    public subscript(position: Int) -> Element { (keys[position], values[position]) }

    /// The value for a key, or `nil` when the key is absent. Setting `nil` removes the key.
    /// - Parameter key: The key.
    public subscript(key: String) -> ParameterValue? {
        get { index(forKey: key).map { values[$0] } }
        set {
            if let index = index(forKey: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    removeValue(at: index)
                }
            } else if let newValue {
                appendNew(key, newValue)
            }
        }
    }

    /// The keys, in insertion order.
    @usableFromInline
    package var orderedKeys: [String] { keys }

    /// The values, in insertion order.
    @usableFromInline
    var orderedValues: [ParameterValue] { values }

    /// The value at a position, without building the key-value tuple.
    func value(at position: Int) -> ParameterValue { values[position] }

    private func index(forKey key: String) -> Int? {
        // Dictionaries built in one go with up to ``deferredIndexLimit`` keys have no index until they change.
        if keys.count > Self.linearSearchLimit && !keyIndex.isEmpty { return keyIndex.position(of: key, in: keys) }
        for index in keys.indices where ByteExactKey.equal(keys[index], key) { return index }
        return nil
    }

    private mutating func appendNew(_ key: String, _ value: ParameterValue) {
        keys.append(key)
        values.append(value)
        if keys.count > Self.linearSearchLimit { keyIndex.insert(position: keys.count - 1, in: keys) }
    }

    private mutating func rebuildIndex() {
        if keys.count > Self.linearSearchLimit {
            keyIndex.rebuild(keys)
        } else {
            keyIndex.removeAll()
        }
    }

    private mutating func removeValue(at index: Int) {
        keys.remove(at: index)
        values.remove(at: index)
        rebuildIndex()
    }

    /// Compares keys and values in order.
    /// - Parameters:
    ///   - lhs: A dictionary.
    ///   - rhs: Another dictionary.
    /// - Returns: Whether both hold the same keys and values in the same order.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        // The values through ``ParameterValue/==(_:_:)``, which compares any depth without recursing.
        ParameterValue.dictionary(lhs) == ParameterValue.dictionary(rhs)
    }

    /// Hashes keys and values in order.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hashKeys(into: &hasher)
        // The values through ``ParameterValue/hash(into:)``, which hashes any depth without recursing.
        for value in values { value.hash(into: &hasher) }
    }

    /// Whether both dictionaries have the same keys, by their UTF-8 bytes, in the same order.
    func hasSameKeys(as other: Self) -> Bool {
        keys.count == other.keys.count && zip(keys, other.keys).allSatisfy { ByteExactKey.equal($0, $1) }
    }

    /// Hashes the keys in order, by their UTF-8 bytes.
    func hashKeys(into hasher: inout Hasher) {
        for key in keys { ByteExactKey(key).hash(into: &hasher) }
    }
}

/// A string key compared and hashed by its UTF-8 bytes rather than by canonical equivalence.
struct ByteExactKey: Hashable {
    let string: String

    init(_ string: String) { self.string = string }

    static func == (lhs: Self, rhs: Self) -> Bool { equal(lhs.string, rhs.string) }

    /// Whether two strings have the same UTF-8 bytes: lengths first (O(1) for native strings), then the bytes.
    static func equal(_ lhs: String, _ rhs: String) -> Bool {
        guard lhs.utf8.count == rhs.utf8.count else { return false }
        let result: Bool?? = lhs.utf8.withContiguousStorageIfAvailable { left in
            rhs.utf8.withContiguousStorageIfAvailable { right in left.elementsEqual(right) }
        }
        if let result, let result { return result }
        return lhs.utf8.elementsEqual(rhs.utf8)
    }

    func hash(into hasher: inout Hasher) {
        var string = string
        // Hashes the key's UTF-8 bytes in one call, as `==` compares them; the buffer lives only inside withUTF8.
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        hasher.combine(string.utf8.count)
    }
}

extension ParameterDictionary: ExpressibleByDictionaryLiteral {
    /// Creates a dictionary from a literal, keeping the order of the keys.
    /// - Parameter elements: The key-value pairs.
    public init(dictionaryLiteral elements: (String, ParameterValue)...) { self.init(elements) }
}
