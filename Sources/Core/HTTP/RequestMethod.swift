/// An HTTP request method such as `GET` or `POST`: an RFC 9110 token, valid from construction.
///
/// Common methods are static members. Other methods are parsed, so a value of this type is always a token:
///
/// ```swift
/// let purge = RequestMethod("PURGE")!            // nil for text that is not a token
/// let fromInput = try RequestMethod(validating: input)
/// ```
///
/// Methods are case-sensitive (RFC 9110, section 9.1): `RequestMethod("get")` is a method of its own, different from
/// ``get``, and ``RequestSerializer`` routes it as one.
///
/// https://www.rfc-editor.org/rfc/rfc9110#name-methods
public struct RequestMethod: Sendable, Hashable, CustomStringConvertible {
    /// The method as given, such as `PATCH`.
    package let rawValue: String

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
                "Invalid HTTP method \(SerializationError.quoted(rawValue)): a method must be a non-empty RFC 9110 token"
            )
        }
        self.rawValue = rawValue
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
    /// `CONNECT`.
    package static let connect = Self(unchecked: "CONNECT")
    /// `QUERY`: a safe, idempotent method whose parameters travel in the body.
    ///
    /// https://datatracker.ietf.org/doc/draft-ietf-httpbis-safe-method-w-body/
    public static let query = Self(unchecked: "QUERY")
}
