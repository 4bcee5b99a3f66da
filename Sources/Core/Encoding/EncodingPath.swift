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

/// The keys ``ValueEncoder`` adds to coding paths: positions in unkeyed containers and `super`.
struct EncodingKey: CodingKey {
    private let text: String?
    let intValue: Int?
    /// Whether the key is a position in an unkeyed container.
    let isIndex: Bool

    /// The key's text; for a position, its digits, made only when asked for.
    var stringValue: String { text ?? String(intValue ?? 0) }

    init(stringValue: String) {
        text = stringValue
        intValue = nil
        isIndex = false
    }

    init(intValue: Int) {
        text = nil
        self.intValue = intValue
        isIndex = false
    }

    /// The key for a position in an unkeyed container.
    init(index: Int) {
        text = nil
        intValue = index
        isIndex = true
    }

    /// The key `superEncoder()` uses, as in `JSONEncoder`.
    static let `super` = EncodingKey(stringValue: "super")
}
