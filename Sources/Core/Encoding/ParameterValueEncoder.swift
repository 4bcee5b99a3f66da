/// The `Encoder` handed to `encode(to:)`: it collects one value at one coding path.
final class ParameterValueEncoder: Encoder {
    let context: ParameterEncodingContext
    let path: EncodingPath
    /// Whether keyed containers keep their keys verbatim (the keys of a Swift `Dictionary`).
    let keepsKeys: Bool
    /// What was encoded so far; `nil` until a container or a value is requested.
    var result: PendingValue?
    /// For an encoder handed out by `superEncoder()`: where its value goes when it is released.
    private let superSlot: SuperSlot?

    /// The place in a container that a super encoder writes to.
    enum SuperSlot {
        /// A key of a dictionary; the value replaces what the key holds then.
        case key(PendingDictionary, String)
        /// A position in an array; the value is inserted there.
        case index(PendingArray, Int)
    }

    init(context: ParameterEncodingContext, path: EncodingPath, keepsKeys: Bool = false, superSlot: SuperSlot? = nil) {
        self.context = context
        self.path = path
        self.keepsKeys = keepsKeys
        self.superSlot = superSlot
    }

    /// A super encoder writes its value into its container when it is released, as `JSONEncoder`'s does: the
    /// container's writes in between (a nested container for the same key, more array elements) come first, and a
    /// super encoder that wrote nothing leaves an empty dictionary.
    deinit {
        guard let superSlot else { return }
        let value = result ?? .dictionary(PendingDictionary())
        switch superSlot {
        case .key(let dictionary, let key):
            if value.isNull, context.options.nilEncodingStrategy == .omitKeys { return }
            dictionary.set(value, for: key)
        case .index(let array, let index):
            array.elements.insert(value, at: min(index, array.elements.count))
        }
    }

    var codingPath: [any CodingKey] { path.codingPath }

    var userInfo: [CodingUserInfoKey: Any] { context.userInfo }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let dictionary: PendingDictionary
        switch result {
        case .dictionary(let existing):
            // A class and its superclass may both ask for a keyed container; they share it.
            dictionary = existing
        case nil:
            dictionary = PendingDictionary()
            result = .dictionary(dictionary)
        default:
            context.record(misuse("a keyed container"))
            dictionary = PendingDictionary()
        }
        return KeyedEncodingContainer(ParameterKeyedContainer(encoder: self, dictionary: dictionary))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: PendingArray
        switch result {
        case .array(let existing):
            array = existing
        case nil:
            array = PendingArray()
            result = .array(array)
        default:
            context.record(misuse("an unkeyed container"))
            array = PendingArray()
        }
        return ParameterUnkeyedContainer(encoder: self, array: array)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ParameterSingleValueContainer(encoder: self)
    }

    /// The error for a second container or value at one path.
    func misuse(_ what: String) -> SerializationError {
        SerializationError(
            .encodingFailed,
            "An encode(to:) implementation asked for \(what) at '\(path.parameterPath)' after encoding something else there"
        )
    }

    /// Stores a value written through a single-value container.
    func setSingleValue(_ value: ParameterValue) throws(SerializationError) {
        try context.throwDeferredError()
        guard result == nil else { throw misuse("a second single value") }
        result = .value(value)
    }

    /// Stores a nested value written through a single-value container.
    func setSingleValue(_ value: some Encodable) throws(SerializationError) {
        try context.throwDeferredError()
        guard result == nil else { throw misuse("a second single value") }
        result = try context.box(value, at: path) ?? .dictionary(PendingDictionary())
    }

    /// An encoder for `superEncoder()`, which writes its value into `slot` when it is released.
    func makeSuperEncoder(at path: EncodingPath, writingTo slot: SuperSlot) -> ParameterValueEncoder {
        if path.depth > ParameterValue.maximumDepth { context.record(.parametersNestTooDeep(at: path.parameterPath)) }
        return ParameterValueEncoder(context: context, path: path, superSlot: slot)
    }

    /// Checks a nested container's depth, where the `Encoder` API cannot throw.
    func checkNestedContainer(at path: EncodingPath) {
        if path.depth >= ParameterValue.maximumDepth { context.record(.parametersNestTooDeep(at: path.parameterPath)) }
    }
}
