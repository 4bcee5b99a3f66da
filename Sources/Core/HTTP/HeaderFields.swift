/// An ordered collection of HTTP header fields whose names compare case-insensitively.
///
/// Names and values are validated when they are added, so a value with CR, LF or NUL never reaches the wire
/// (no header injection). Fields keep the order they were added in; setting a field that is already present keeps
/// its position.
///
/// ```swift
/// var headers = HeaderFields()
/// try headers.setValue("application/json", for: .accept)
/// headers[.accept]  // "application/json"
/// ```
public struct HeaderFields: Sendable, Hashable, RandomAccessCollection {
    /// One header field: its name, as it was given, and its value.
    public typealias Element = (name: Name, value: String)

    /// One stored header field.
    package struct Field: Sendable, Hashable {
        /// The field name, as it was given.
        package let name: Name
        /// The field value.
        package let value: String
    }

    private var fields: [Field] = []

    /// Creates an empty collection.
    public init() {}

    /// Creates a collection from name-value pairs, validating each one.
    /// - Parameter pairs: Names and values, in order.
    /// - Throws: ``SerializationError`` when a name or a value is invalid.
    public init(validating pairs: some Sequence<(String, String)>) throws(SerializationError) {
        for (name, value) in pairs { try addValue(value, for: Name(validating: name)) }
    }

    /// The position of the first field.
    public var startIndex: Int { fields.startIndex }
    /// The position after the last field.
    public var endIndex: Int { fields.endIndex }
    /// The field at a position.
    /// - Parameter position: A valid index.
    public subscript(position: Int) -> Element {
        let field = fields[position]
        return (field.name, field.value)
    }

    /// The first value for a name, or `nil` when there is none.
    /// - Parameter name: The field name.
    public subscript(name: Name) -> String? { fields.first { $0.name == name }?.value }

    /// All values for a name, in order.
    /// - Parameter name: The field name.
    /// - Returns: The values; empty when the field is absent.
    public func values(for name: Name) -> [String] { fields.filter { $0.name == name }.map(\.value) }

    /// Whether a field with this name is present.
    /// - Parameter name: The field name.
    /// - Returns: `true` when at least one field has the name.
    package func contains(_ name: Name) -> Bool { fields.contains { $0.name == name } }

    /// Sets a field, replacing every field of the same name; the first of them keeps its position.
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The field name.
    /// - Throws: ``SerializationError/Code/invalidHeader`` when the value contains CR, LF, NUL or another
    ///   control character, or starts or ends with white space.
    public mutating func setValue(_ value: String, for name: Name) throws(SerializationError) {
        try Self.validate(value, for: name)
        if let index = fields.firstIndex(where: { $0.name == name }) {
            fields[index] = Field(name: name, value: value)
            var position = index + 1
            while position < fields.count {
                if fields[position].name == name { fields.remove(at: position) } else { position += 1 }
            }
        } else {
            fields.append(Field(name: name, value: value))
        }
    }

    /// Adds a field at the end, keeping fields of the same name.
    /// - Parameters:
    ///   - value: The value.
    ///   - name: The field name.
    /// - Throws: ``SerializationError/Code/invalidHeader`` when the value is invalid.
    public mutating func addValue(_ value: String, for name: Name) throws(SerializationError) {
        try Self.validate(value, for: name)
        fields.append(Field(name: name, value: value))
    }

    /// Adds a field taken from a collection at the end, keeping fields of the same name.
    ///
    /// An element exists only inside a collection, whose name and value were validated when it was added, so
    /// copying fields between collections needs no second check.
    /// - Parameter field: A field of this or another collection.
    package mutating func append(_ field: Element) { fields.append(Field(name: field.name, value: field.value)) }

    /// Whether a string can be a field value: no CR, LF, NUL or other control character (tab aside), and no white
    /// space at either end.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#name-field-values
    /// - Parameter value: The candidate value.
    /// - Returns: `true` when ``setValue(_:for:)`` and ``addValue(_:for:)`` accept it.
    package static func isValidValue(_ value: some StringProtocol) -> Bool { HTTPToken.isValidFieldValue(value) }

    /// Removes every field with this name.
    /// - Parameter name: The field name.
    public mutating func removeValues(for name: Name) { fields.removeAll { $0.name == name } }

    private static func validate(_ value: String, for name: Name) throws(SerializationError) {
        guard HTTPToken.isValidFieldValue(value) else {
            // A credential is never repeated in a message: it would reach logs and terminals.
            let isCredential = name == .authorization || name == .proxyAuthorization || name == .cookie
            let shown = isCredential ? "(not shown: it holds credentials)" : SerializationError.quoted(value)
            throw SerializationError(
                .invalidHeader,
                "Invalid value \(shown) for header '\(name)': "
                    + "CR, LF, NUL, other control characters and surrounding white space are not allowed"
            )
        }
    }
}
