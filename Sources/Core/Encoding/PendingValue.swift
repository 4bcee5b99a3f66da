/// What a container whose writes cannot be streamed holds: nested containers asked for by key or by position,
/// super encoders, and everything a value writes after asking for one of them. The containers stay open (they are
/// classes) until the value that owns them ends; ``ValueEncoder`` then hands their content to its sink.
enum PendingValue {
    /// A finished value.
    case value(ParameterValue)
    /// An array (or a set) still being filled.
    case list(List)
    /// A dictionary still being filled.
    case members(Members)

    /// The finished tree.
    var finished: ParameterValue {
        switch self {
        case .value(let value):
            return value
        case .list(let list):
            let elements = list.elements.map(\.finished)
            return list.isSet ? .set(elements) : .array(elements)
        case .members(let members):
            var order = Array(members.keys.indices)
            if members.keepsKeys { order.sort { UTF8Order.precedes(members.keys[$0], members.keys[$1]) } }
            return .dictionary(ParameterDictionary(order.map { (members.keys[$0], members.values[$0].finished) }))
        }
    }

    /// An array being filled.
    final class List {
        var elements: [PendingValue] = []
        /// Whether the array came from a Swift `Set`.
        let isSet: Bool
        /// The coding path of the array.
        let codingPath: [any CodingKey]

        init(isSet: Bool, codingPath: [any CodingKey]) {
            self.isSet = isSet
            self.codingPath = codingPath
        }
    }

    /// A dictionary being filled, in insertion order.
    final class Members {
        private(set) var keys: [String] = []
        private(set) var values: [PendingValue] = []
        private var positions: [String: Int] = [:]
        /// Whether the keys are a Swift `Dictionary`'s: written as they are, and sorted.
        let keepsKeys: Bool
        /// The coding path of the dictionary.
        let codingPath: [any CodingKey]

        init(keepsKeys: Bool, codingPath: [any CodingKey]) {
            self.keepsKeys = keepsKeys
            self.codingPath = codingPath
        }

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
}
