/// A media type such as `application/json` or `multipart/form-data; boundary=x`, as used in `Content-Type`.
///
/// The type, the subtype and parameter names are compared case-insensitively (they are stored lowercased);
/// parameter values keep their case. Common types are static members, and you can add your own:
///
/// ```swift
/// extension ContentType {
///     static let protobuf = ContentType("application/x-protobuf")!
/// }
/// ```
///
/// https://www.rfc-editor.org/rfc/rfc9110#name-media-type
public struct ContentType: Sendable, Hashable, CustomStringConvertible {
    /// A media type parameter such as `charset=utf-8`.
    package struct Parameter: Sendable, Hashable {
        /// The parameter name, lowercased.
        package var name: String
        /// The parameter value, without quotes.
        package var value: String
    }

    /// The top-level type, lowercased: `application` in `application/json`.
    public let type: String
    /// The subtype, lowercased: `vnd.api+json` in `application/vnd.api+json`.
    public let subtype: String
    /// The parameters, in order.
    package private(set) var parameters: [Parameter]

    /// Parses a media type, returning `nil` when it is not valid.
    ///
    /// `type/subtype` must be RFC 9110 tokens; parameters are `name=value` with a token or quoted-string value.
    /// - Parameter string: A string such as `text/plain; charset=utf-8`.
    public init?(_ string: String) {
        guard let parsed = try? Self(validating: string) else { return nil }
        self = parsed
    }

    /// Parses a media type, throwing an error that says what is wrong with it.
    /// - Parameter string: A string such as `text/plain; charset=utf-8`.
    /// - Throws: ``SerializationError`` with code ``SerializationError/Code/invalidHeader``.
    public init(validating string: String) throws(SerializationError) {
        var parser = ContentTypeParser(string)
        self = try parser.parse()
    }

    /// Whether text is an RFC 9110 token, the syntax of types, subtypes, parameter names and charset names:
    /// one or more of `A-Z a-z 0-9 ! # $ % & ' * + - . ^ _ ` | ~`.
    ///
    /// https://www.rfc-editor.org/rfc/rfc9110#name-tokens
    /// - Parameter text: The candidate.
    /// - Returns: `true` for a non-empty token.
    package static func isToken(_ text: some StringProtocol) -> Bool { HTTPToken.isToken(text) }

    /// Creates a media type from a type and a subtype, or `nil` when either is not an RFC 9110 token.
    /// - Parameters:
    ///   - type: The top-level type, such as `application`.
    ///   - subtype: The subtype, such as `vnd.api+json`.
    package init?(type: String, subtype: String) {
        guard HTTPToken.isToken(type), HTTPToken.isToken(subtype) else { return nil }
        self.init(uncheckedType: type, subtype: subtype)
    }

    /// Creates a media type from parts that are known to be valid tokens.
    /// - Parameters:
    ///   - type: The type, a token.
    ///   - subtype: The subtype, a token.
    init(uncheckedType type: String, subtype: String) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = []
    }

    /// The type without its parameters (`application/json` for `application/json; charset=utf-8`): the registry key.
    package var essence: ContentType {
        ContentType(uncheckedType: type, subtype: subtype)
    }

    /// The structured syntax suffix (RFC 6839), such as `json` for `application/vnd.api+json`, or `nil`.
    package var structuredSuffix: String? {
        guard let plus = subtype.lastIndex(of: "+") else { return nil }
        let suffix = subtype[subtype.index(after: plus)...]
        return suffix.isEmpty ? nil : String(suffix)
    }

    /// The value of a parameter, compared case-insensitively by name.
    /// - Parameter name: The parameter name, such as `charset`.
    /// - Returns: The value, or `nil` when the parameter is absent.
    public func parameter(_ name: String) -> String? {
        let name = name.lowercased()
        return parameters.first { $0.name == name }?.value
    }

    /// A copy with a parameter set (replacing one of the same name).
    /// - Parameters:
    ///   - name: A token, such as `charset`.
    ///   - value: The value; it is quoted when written if it is not a token.
    /// - Returns: The media type with the parameter.
    /// - Throws: ``SerializationError/Code/invalidHeader`` when the name is not a token or the value contains
    ///   a control character.
    public func settingParameter(_ name: String, to value: String) throws(SerializationError) -> ContentType {
        guard HTTPToken.isToken(name) else {
            throw SerializationError(
                .invalidHeader, "Invalid media type parameter name \(SerializationError.quoted(name))")
        }
        guard value.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F || $0 == "\t" }) else {
            throw SerializationError(
                .invalidHeader,
                "Invalid value \(SerializationError.quoted(value)) for media type parameter '\(name)'"
            )
        }
        var copy = self
        let lowercasedName = name.lowercased()
        if let index = copy.parameters.firstIndex(where: { $0.name == lowercasedName }) {
            copy.parameters[index].value = value
        } else {
            copy.parameters.append(Parameter(name: lowercasedName, value: value))
        }
        return copy
    }

    /// Whether two media types have the same essence, the same type and subtype, whatever their parameters:
    /// `application/json; charset=utf-8` has the same essence as ``json``. This is exact comparison, not wildcard
    /// matching: `text/*` does not have the same essence as `text/plain`.
    /// - Parameter other: Another media type.
    /// - Returns: `true` when the types and subtypes are equal (both are stored lowercased).
    public func hasSameEssence(as other: ContentType) -> Bool {
        type == other.type && subtype == other.subtype
    }

    /// Whether two media types are equal: the same type and subtype and the same parameters in any order
    /// (`a/b; x=1; y=2` equals `a/b; y=2; x=1`). Parameter names compare case-insensitively, values exactly.
    /// - Parameters:
    ///   - lhs: A media type.
    ///   - rhs: Another media type.
    /// - Returns: `true` when they are equal.
    public static func == (lhs: ContentType, rhs: ContentType) -> Bool {
        lhs.hasSameEssence(as: rhs) && lhs.parameters.count == rhs.parameters.count
            && (lhs.parameters == rhs.parameters || lhs.sortedParameters == rhs.sortedParameters)
    }

    /// Hashes the type, the subtype and the parameters in name order, consistently with ``==(_:_:)``.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(subtype)
        hasher.combine(sortedParameters)
    }

    private var sortedParameters: [Parameter] {
        parameters.sorted { ($0.name, $0.value) < ($1.name, $1.value) }
    }

    /// The media type as written in a `Content-Type` header: `type/subtype; name=value`, with values quoted
    /// when they are not tokens.
    public var description: String {
        var text = type + "/" + subtype
        for parameter in parameters {
            text += "; " + parameter.name + "="
            if HTTPToken.isToken(parameter.value) {
                text += parameter.value
            } else {
                text += "\""
                for scalar in parameter.value.unicodeScalars {
                    if scalar == "\"" || scalar == "\\" { text += "\\" }
                    text.unicodeScalars.append(scalar)
                }
                text += "\""
            }
        }
        return text
    }
}

extension ContentType {
    /// `application/x-www-form-urlencoded`.
    public static let formURLEncoded = ContentType(uncheckedType: "application", subtype: "x-www-form-urlencoded")
    /// `application/json`.
    public static let json = ContentType(uncheckedType: "application", subtype: "json")
    /// `application/x-plist`.
    public static let propertyList = ContentType(uncheckedType: "application", subtype: "x-plist")
    /// `multipart/form-data`.
    public static let multipartFormData = ContentType(uncheckedType: "multipart", subtype: "form-data")
    /// `application/octet-stream`.
    public static let octetStream = ContentType(uncheckedType: "application", subtype: "octet-stream")
    /// `application/xml`.
    package static let xml = ContentType(uncheckedType: "application", subtype: "xml")
}
