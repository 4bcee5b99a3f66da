/// How ``ProtobufJSONBodySerializer`` writes the protobuf JSON mapping; the empty set is the mapping's defaults.
///
/// Every JSON object's members are always sorted by key, so that the output is the same on every run; that is not
/// an option.
public struct ProtobufJSONOptions: OptionSet, Sendable, Hashable {
    /// The options as bits.
    public let rawValue: Int

    /// Creates options from bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Field names as they are in the `.proto` file (`user_id`) instead of lowerCamelCase (`userId`).
    public static let preservingProtoFieldNames = Self(rawValue: 1 << 0)
    /// Enum values as their numbers instead of their names.
    public static let enumsAsIntegers = Self(rawValue: 1 << 1)
    /// 64-bit integers as JSON numbers instead of strings.
    public static let int64sAsNumbers = Self(rawValue: 1 << 2)
}
