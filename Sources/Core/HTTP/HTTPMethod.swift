/// An HTTP request method such as `GET` or `POST`: an RFC 9110 token.
///
/// Methods are written as given; ``RequestSerializer`` compares them case-insensitively when it decides whether
/// parameters go in the URL.
public struct HTTPMethod: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The method as given, such as `PATCH`.
    public let rawValue: String

    /// Creates a method, or `nil` when the string is not a token.
    /// - Parameter rawValue: A method such as `PATCH`.
    public init?(_ rawValue: String) {
        guard HTTPToken.isToken(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// Creates a method, throwing an error that names the bad string when it is not a token.
    /// - Parameter rawValue: A method such as `PATCH`.
    /// - Throws: ``SerializationError/Code/invalidMethod``.
    public init(validating rawValue: String) throws(SerializationError) {
        guard HTTPToken.isToken(rawValue) else {
            throw SerializationError(
                .invalidMethod,
                "Invalid HTTP method \(HTTPToken.quoted(rawValue)): a method must be a non-empty RFC 9110 token"
            )
        }
        self.rawValue = rawValue
    }

    /// Creates a method from a string literal.
    ///
    /// A literal is not checked here, since a literal initializer cannot throw: a request built with a method that
    /// is not an RFC 9110 token fails with ``SerializationError/Code/invalidMethod`` instead. Use
    /// ``init(validating:)`` for input.
    /// - Parameter value: The literal.
    public init(stringLiteral value: String) {
        rawValue = value
    }

    /// Throws when the method is not an RFC 9110 token (possible only for a string literal).
    package func validate() throws(SerializationError) {
        guard HTTPToken.isToken(rawValue) else {
            throw SerializationError(
                .invalidMethod, "HTTP method \(HTTPToken.quoted(rawValue)) is not an RFC 9110 token")
        }
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// The method as given.
    public var description: String { rawValue }

    /// `GET`.
    public static let get = Self(unchecked: "GET")
    /// `HEAD`.
    public static let head = Self(unchecked: "HEAD")
    /// `POST`.
    public static let post = Self(unchecked: "POST")
    /// `PUT`.
    public static let put = Self(unchecked: "PUT")
    /// `PATCH`.
    public static let patch = Self(unchecked: "PATCH")
    /// `DELETE`.
    public static let delete = Self(unchecked: "DELETE")
    /// `OPTIONS`.
    public static let options = Self(unchecked: "OPTIONS")
}
