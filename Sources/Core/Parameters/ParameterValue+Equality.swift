#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension ParameterValue {
    /// Whether two values are written the same by every format: the rule behind set members too.
    ///
    /// - Strings compare by their UTF-8 bytes (`é` and `e\u{301}` are different values, as they are on the wire).
    /// - Numbers compare by their ``ParameterNumber/description``, which every format writes: `1`, `1.0` and
    ///   `Decimal(1)` are one value; `0` and `-0.0` are two.
    /// - Dates compare by their exact time, data by its bytes, arrays and dictionaries element by element in order.
    /// - Sets compare by their ``canonicalSetMembers(_:)``: order and repeated members do not matter.
    /// - Parameters:
    ///   - lhs: A value.
    ///   - rhs: Another value.
    /// - Returns: `true` when the values are equal.
    public static func == (lhs: ParameterValue, rhs: ParameterValue) -> Bool {
        // Iterative, so that no depth of nesting overflows the stack: each container's children wait on `pending`
        // (allocated only when a container has any), compared pair by pair.
        var pending: [(left: [ParameterValue], right: [ParameterValue], next: Int)] = []
        var pair = (lhs, rhs)
        while true {
            let children: (left: [ParameterValue], right: [ParameterValue])
            switch pair {
            case (.string(let left), .string(let right)):
                guard left.utf8.elementsEqual(right.utf8) else { return false }
                children = ([], [])
            case (.number(let left), .number(let right)):
                guard left == right else { return false }
                children = ([], [])
            case (.bool(let left), .bool(let right)):
                guard left == right else { return false }
                children = ([], [])
            case (.null, .null):
                children = ([], [])
            case (.data(let left), .data(let right)):
                guard left == right else { return false }
                children = ([], [])
            case (.date(let left), .date(let right)):
                guard left == right else { return false }
                children = ([], [])
            case (.array(let left), .array(let right)):
                children = (left, right)
            case (.dictionary(let left), .dictionary(let right)):
                guard left.hasSameKeys(as: right) else { return false }
                children = (left.orderedValues, right.orderedValues)
            case (.set(let left), .set(let right)):
                children = (canonicalSetMembers(left), canonicalSetMembers(right))
            default:
                return false
            }
            guard children.left.count == children.right.count else { return false }
            if !children.left.isEmpty && !children.left.sharesStorage(with: children.right) {
                pending.append((children.left, children.right, 0))
            }
            // The next pair to compare: the first not yet compared in the innermost container that has one.
            while let last = pending.indices.last, pending[last].next == pending[last].left.count {
                pending.removeLast()
            }
            guard let last = pending.indices.last else { return true }
            let next = pending[last].next
            pair = (pending[last].left[next], pending[last].right[next])
            pending[last].next = next + 1
        }
    }

    /// Hashes the value consistently with ``==(_:_:)``.
    ///
    /// Iterative, like ``==(_:_:)``: each value's kind, then a scalar's content or a container's size (and a
    /// dictionary's keys) before its children, depth first.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        var pending: [(values: [ParameterValue], next: Int)] = []
        var value = self
        while true {
            hasher.combine(value.kindRank)
            switch value {
            case .string(let text):
                for byte in text.utf8 { hasher.combine(byte) }
            case .number(let number): hasher.combine(number)
            case .bool(let bool): hasher.combine(bool)
            case .null: break
            case .data(let bytes): hasher.combine(bytes)
            case .date(let date): hasher.combine(date)
            case .array(let elements):
                hasher.combine(elements.count)
                if !elements.isEmpty { pending.append((elements, 0)) }
            case .dictionary(let dictionary):
                hasher.combine(dictionary.count)
                dictionary.hashKeys(into: &hasher)
                if !dictionary.isEmpty { pending.append((dictionary.orderedValues, 0)) }
            case .set(let members):
                let canonical = Self.canonicalSetMembers(members)
                hasher.combine(canonical.count)
                if !canonical.isEmpty { pending.append((canonical, 0)) }
            }
            while let last = pending.indices.last, pending[last].next == pending[last].values.count {
                pending.removeLast()
            }
            guard let last = pending.indices.last else { return }
            value = pending[last].values[pending[last].next]
            pending[last].next += 1
        }
    }

    /// The distinct members of a set in Wireform's canonical order, the one rule every format writes sets by.
    ///
    /// Members are the same when they are equal (``==(_:_:)``: strings by UTF-8 bytes, numbers by their text).
    /// Scalars come first, by kind (null, booleans, numbers, strings, dates, data) and then by their UTF-8 text,
    /// their time or their bytes; containers follow in the order they first appear. A third-party format writes
    /// sets the same way by writing `canonicalSetMembers(members)` as its list:
    ///
    /// ```swift
    /// ParameterValue.canonicalSetMembers(["b", 1.0, "a", 1, [2], "b"])  // [1, "a", "b", [2]]
    /// ```
    /// - Parameter members: The members of a ``set(_:)``, in any order, possibly repeated.
    /// - Returns: The distinct members in canonical order.
    public static func canonicalSetMembers(_ members: [ParameterValue]) -> [ParameterValue] {
        // Each scalar with its number text computed once, not at every comparison.
        var scalars: [(value: ParameterValue, numberText: String)] = []
        var containers: [ParameterValue] = []
        scalars.reserveCapacity(members.count)
        for member in members {
            if member.isContainer {
                if !containers.contains(member) { containers.append(member) }
            } else if case .number(let number) = member {
                scalars.append((member, number.text))
            } else {
                scalars.append((member, ""))
            }
        }
        scalars.sort { canonicallyPrecedes($0, $1) }
        var result: [ParameterValue] = []
        result.reserveCapacity(scalars.count + containers.count)
        var previous: (value: ParameterValue, numberText: String)?
        for scalar in scalars {
            if let previous, isSameScalar(previous, scalar) { continue }
            result.append(scalar.value)
            previous = scalar
        }
        return result + containers
    }

    /// Whether two scalars are the same member; numbers by their precomputed text.
    private static func isSameScalar(
        _ lhs: (value: ParameterValue, numberText: String),
        _ rhs: (value: ParameterValue, numberText: String)
    ) -> Bool {
        if case .number = lhs.value, case .number = rhs.value { return lhs.numberText == rhs.numberText }
        return lhs.value == rhs.value
    }

    /// The canonical order of two scalars: by kind, then by content.
    private static func canonicallyPrecedes(
        _ lhs: (value: ParameterValue, numberText: String),
        _ rhs: (value: ParameterValue, numberText: String)
    ) -> Bool {
        let (leftRank, rightRank) = (lhs.value.kindRank, rhs.value.kindRank)
        guard leftRank == rightRank else { return leftRank < rightRank }
        switch (lhs.value, rhs.value) {
        case (.string(let left), .string(let right)): return left.utf8.lexicographicallyPrecedes(right.utf8)
        case (.number, .number): return lhs.numberText.utf8.lexicographicallyPrecedes(rhs.numberText.utf8)
        case (.bool(let left), .bool(let right)): return !left && right
        case (.data(let left), .data(let right)): return left.lexicographicallyPrecedes(right)
        case (.date(let left), .date(let right)):
            // A total order, NaN included: compare the times' bit patterns when they are not ordered.
            let (a, b) = (left.timeIntervalSinceReferenceDate, right.timeIntervalSinceReferenceDate)
            return a < b || (!(a >= b) && a.bitPattern < b.bitPattern)
        default: return false
        }
    }

    private var kindRank: Int {
        switch self {
        case .null: return 0
        case .bool: return 1
        case .number: return 2
        case .string: return 3
        case .date: return 4
        case .data: return 5
        case .array: return 6
        case .dictionary: return 7
        case .set: return 8
        }
    }
}

extension [ParameterValue] {
    /// Whether both arrays are one storage: then their elements are the same values.
    fileprivate func sharesStorage(with other: Self) -> Bool {
        withUnsafeBufferPointer { left in other.withUnsafeBufferPointer { left.baseAddress == $0.baseAddress } }
    }
}

extension ParameterNumber {
    /// Whether two numbers are written the same: compared by ``description``, the digits every format writes, so `1`,
    /// `1.0` and `Decimal(1)` are equal and `0` and `-0.0` are not.
    /// - Parameters:
    ///   - lhs: A number.
    ///   - rhs: Another number.
    /// - Returns: `true` when their texts are equal.
    public static func == (lhs: ParameterNumber, rhs: ParameterNumber) -> Bool {
        if lhs.storage == rhs.storage { return true }
        return lhs.text == rhs.text
    }

    /// Hashes the number's ``description``, consistently with ``==(_:_:)``.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) { hasher.combine(text) }
}
