/// A value under construction: nested containers stay open until the top-level value is finished, because
/// `nestedContainer`, a released `superEncoder()` and a second `container(keyedBy:)` call all write into them later.
enum PendingValue {
    /// A finished value.
    case value(ParameterValue)
    /// An array (or a set) still being filled.
    case array(PendingArray)
    /// A dictionary still being filled.
    case dictionary(PendingDictionary)

    /// Whether this is the null value.
    var isNull: Bool {
        if case .value(.null) = self { return true }
        return false
    }

    /// Builds the finished tree, checking ``ParameterValue/maximumDepth``.
    /// - Parameter path: The output keys down to this value, for error messages; restored on return.
    func finished(path: inout [ParameterPath.Component]) throws(SerializationError) -> ParameterValue {
        switch self {
        case .value(let value):
            return value
        case .array(let array):
            try Self.checkDepth(path)
            var elements: [ParameterValue] = []
            elements.reserveCapacity(array.elements.count)
            for (index, element) in array.elements.enumerated() {
                path.append(.index(index))
                elements.append(try element.finished(path: &path))
                path.removeLast()
            }
            return array.isSet ? .set(elements) : .array(elements)
        case .dictionary(let dictionary):
            try Self.checkDepth(path)
            var order = Array(dictionary.keys.indices)
            if dictionary.sortsKeys {
                order.sort { UTF8Order.precedes(dictionary.keys[$0], dictionary.keys[$1]) }
            }
            var result = ParameterDictionary()
            for index in order {
                let key = dictionary.keys[index]
                path.append(.key(key))
                result[key] = try dictionary.values[index].finished(path: &path)
                path.removeLast()
            }
            return .dictionary(result)
        }
    }

    private static func checkDepth(_ path: [ParameterPath.Component]) throws(SerializationError) {
        guard path.count < ParameterValue.maximumDepth else {
            throw .parametersNestTooDeep(at: ParameterPath(path))
        }
    }
}

/// An array being filled by an unkeyed container.
final class PendingArray {
    var elements: [PendingValue] = []
    /// Whether the array came from a Swift `Set` and becomes ``ParameterValue/set(_:)``.
    var isSet = false
}

/// A dictionary being filled by a keyed container, in insertion order.
final class PendingDictionary {
    private(set) var keys: [String] = []
    private(set) var values: [PendingValue] = []
    private var positions: [String: Int] = [:]
    /// Whether the dictionary came from a Swift `Dictionary`, whose keys are sorted when it is finished.
    var sortsKeys = false

    /// The value for a key.
    subscript(key: String) -> PendingValue? {
        positions[key].map { values[$0] }
    }

    /// Sets a key's value; a key set again keeps its first position and takes the new value.
    func set(_ value: PendingValue, for key: String) {
        if let position = positions[key] {
            values[position] = value
        } else {
            positions[key] = keys.count
            keys.append(key)
            values.append(value)
        }
    }
}

extension SerializationError {
    /// The error for a tree nested deeper than ``ParameterValue/maximumDepth``.
    static func parametersNestTooDeep(at path: ParameterPath) -> SerializationError {
        SerializationError(
            .nestingTooDeep,
            "Parameters nest deeper than \(ParameterValue.maximumDepth) levels at '\(path)'"
        )
    }
}
