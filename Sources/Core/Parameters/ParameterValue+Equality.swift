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
        switch (lhs, rhs) {
        case (.string(let left), .string(let right)): return left.utf8.elementsEqual(right.utf8)
        case (.number(let left), .number(let right)): return left == right
        case (.bool(let left), .bool(let right)): return left == right
        case (.null, .null): return true
        case (.data(let left), .data(let right)): return left == right
        case (.date(let left), .date(let right)): return left == right
        case (.array(let left), .array(let right)): return left == right
        case (.dictionary(let left), .dictionary(let right)): return left == right
        case (.set(let left), .set(let right)):
            return canonicalSetMembers(left) == canonicalSetMembers(right)
        default: return false
        }
    }

    /// Hashes the value consistently with ``==(_:_:)``.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kindRank)
        switch self {
        case .string(let text):
            for byte in text.utf8 { hasher.combine(byte) }
        case .number(let number): hasher.combine(number)
        case .bool(let value): hasher.combine(value)
        case .null: break
        case .data(let bytes): hasher.combine(bytes)
        case .date(let date): hasher.combine(date)
        case .array(let elements): hasher.combine(elements)
        case .dictionary(let dictionary): hasher.combine(dictionary)
        case .set(let members): hasher.combine(Self.canonicalSetMembers(members))
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
