/// Converts `Encodable` values into a ``ParameterValue`` tree, the way `JSONEncoder` turns them into JSON.
///
/// ```swift
/// struct Search: Encodable {
///     var query: String
///     var pageSize: Int
///     var since: Date?
/// }
///
/// var encoder = ParameterValueEncoder()
/// encoder.keyEncodingStrategy = .convertToSnakeCase
/// let parameters = try encoder.encode(Search(query: "swift", pageSize: 20, since: nil))
/// // ["query": "swift", "page_size": 20]
/// ```
///
/// The encoder writes values directly, without a JSON round trip:
/// - `String` → ``ParameterValue/string(_:)``, `Bool` → ``ParameterValue/bool(_:)`` (never a number);
/// - every integer width, `Float`, `Double` and `Decimal` → ``ParameterValue/number(_:)`` with their exact value
///   (see ``ParameterNumber`` for the text); infinities and NaN are kept, and the formats reject them with the key
///   path when they are written, as they do for any other number;
/// - `Date` and `Data` by ``dateEncodingStrategy`` and ``dataEncodingStrategy``; `URL` → its `absoluteString`;
/// - a Swift `Set` → ``ParameterValue/set(_:)``, other sequences → ``ParameterValue/array(_:)``;
/// - keyed containers → ``ParameterValue/dictionary(_:)`` in the order the keys were encoded (declaration order for
///   synthesized conformances). A Swift `Dictionary` has no order of its own, so its keys are sorted by their UTF-8
///   bytes, which makes the result the same on every run; its keys are data, so ``keyEncodingStrategy`` leaves
///   them alone (as `JSONEncoder` does);
/// - a nested value that encodes nothing becomes an empty dictionary (as in `JSONEncoder`); a top-level value that
///   encodes nothing is an error;
/// - what a `superEncoder()` or `superEncoder(forKey:)` encoder writes goes into its container when the encoder is
///   released, replacing the key's value (or inserted at its array index), as in `JSONEncoder`.
///
/// Nil follows ``nilEncodingStrategy``. Trees nested deeper than 128 levels are rejected with
/// ``SerializationError/Code/unsupportedValue``.
///
/// Every error is a ``SerializationError`` naming the coding path, such as
/// `Invalid value at 'user.tags[2]': …`; errors thrown by a value's own `encode(to:)` or by a custom strategy are
/// kept in ``SerializationError/underlyingError``.
public struct ParameterValueEncoder: Sendable {
    /// How `Date` values are written; ``DateEncodingStrategy/deferredToFormat`` by default.
    public var dateEncodingStrategy: DateEncodingStrategy
    /// How `Data` values are written; ``DataEncodingStrategy/deferredToFormat`` by default.
    public var dataEncodingStrategy: DataEncodingStrategy
    /// How the keys of keyed containers are written; ``KeyEncodingStrategy/useDefaultKeys`` by default.
    public var keyEncodingStrategy: KeyEncodingStrategy
    /// What nil becomes; ``NilEncodingStrategy/explicitNull`` by default.
    public var nilEncodingStrategy: NilEncodingStrategy
    /// Values that `encode(to:)` implementations can read from `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable]

    /// Creates an encoder.
    /// - Parameters:
    ///   - dateEncodingStrategy: How `Date` values are written.
    ///   - dataEncodingStrategy: How `Data` values are written.
    ///   - keyEncodingStrategy: How the keys of keyed containers are written.
    ///   - nilEncodingStrategy: What nil becomes.
    ///   - userInfo: Values that `encode(to:)` implementations can read from `Encoder.userInfo`.
    public init(
        dateEncodingStrategy: DateEncodingStrategy = .deferredToFormat,
        dataEncodingStrategy: DataEncodingStrategy = .deferredToFormat,
        keyEncodingStrategy: KeyEncodingStrategy = .useDefaultKeys,
        nilEncodingStrategy: NilEncodingStrategy = .explicitNull,
        userInfo: [CodingUserInfoKey: any Sendable] = [:]
    ) {
        self.dateEncodingStrategy = dateEncodingStrategy
        self.dataEncodingStrategy = dataEncodingStrategy
        self.keyEncodingStrategy = keyEncodingStrategy
        self.nilEncodingStrategy = nilEncodingStrategy
        self.userInfo = userInfo
    }

    /// Encodes a value into a parameter tree.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The tree.
    /// - Throws: ``SerializationError`` with ``SerializationError/Code/serializerFailed`` when the value (or a custom
    ///   strategy) fails or encodes nothing, ``SerializationError/Code/unsupportedValue`` for a value a strategy cannot
    ///   write (a date outside the years 1 to 9999 as ISO 8601 text), and ``SerializationError/Code/unsupportedValue``
    ///   past 128 levels. The reason names the coding path.
    public func encode<Value: Encodable>(_ value: Value) throws -> ParameterValue {
        let tree = ParameterTreeSink.Box()
        try ValueEncoder(sink: tree, options: self).encode(value)
        // A value that encodes nothing has thrown; every other value ends with a result.
        return tree.sink.result ?? .dictionary(ParameterDictionary())
    }
}
