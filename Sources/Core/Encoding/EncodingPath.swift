/// The coding path of a value being encoded, as a linked list so that each nested value costs one allocation
/// instead of a copy of the whole path.
indirect enum EncodingPath {
    /// The top-level value.
    case root
    /// One step below `parent`.
    case child(key: any CodingKey, parent: EncodingPath, depth: Int)

    /// The number of keys from the root.
    var depth: Int {
        switch self {
        case .root: return 0
        case .child(_, _, let depth): return depth
        }
    }

    /// The path with one more key.
    func appending(_ key: some CodingKey) -> EncodingPath {
        .child(key: key, parent: self, depth: depth + 1)
    }

    /// The path as `Encoder.codingPath` reports it.
    var codingPath: [any CodingKey] {
        var keys: [any CodingKey] = []
        keys.reserveCapacity(depth)
        var node = self
        while case .child(let key, let parent, _) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    /// The path for error messages, such as `user.tags[2]`.
    var parameterPath: ParameterPath { ParameterPath(codingPath: codingPath) }
}

extension ParameterPath {
    /// A path from a coding path: positions in unkeyed containers become indices, other keys their string value.
    init(codingPath: [any CodingKey]) {
        self.init(
            codingPath.map { key in
                if let key = key as? EncodingKey, key.isIndex, let index = key.intValue { return .index(index) }
                return .key(key.stringValue)
            }
        )
    }
}

/// The keys the encoder adds to coding paths: positions in unkeyed containers and `super`.
struct EncodingKey: CodingKey {
    let stringValue: String
    let intValue: Int?
    /// Whether the key is a position in an unkeyed container.
    let isIndex: Bool

    init(stringValue: String) {
        self.stringValue = stringValue
        intValue = nil
        isIndex = false
    }

    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
        isIndex = false
    }

    /// The key for a position in an unkeyed container.
    init(index: Int) {
        stringValue = String(index)
        intValue = index
        isIndex = true
    }

    /// The key `superEncoder()` uses, as in `JSONEncoder`.
    static let `super` = EncodingKey(stringValue: "super")
}
