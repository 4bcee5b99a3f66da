extension HTTPHeaders {
    /// A header field name: an RFC 9110 token, compared case-insensitively, written as given.
    ///
    /// Common names are static members; add your own with `static let myHeader: HTTPHeaders.Name = "My-Header"`, or
    /// parse input with ``init(_:)`` or ``init(validating:)``.
    public struct Name: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
        /// The name as it was given, such as `Content-Type`.
        public let rawName: String
        /// The name lowercased, used for comparison.
        public let canonicalName: String

        /// Creates a name, or `nil` when the string is not a token.
        /// - Parameter name: A name such as `X-Request-ID`.
        public init?(_ name: String) {
            guard HTTPToken.isToken(name) else { return nil }
            self.init(unchecked: name)
        }

        /// Creates a name, throwing an error that names the bad string when it is not a token.
        /// - Parameter name: A name such as `X-Request-ID`.
        /// - Throws: ``SerializationError/Code/invalidHeaderName``.
        public init(validating name: String) throws(SerializationError) {
            guard HTTPToken.isToken(name) else {
                throw SerializationError(
                    .invalidHeaderName,
                    "Invalid header name \(HTTPToken.quoted(name)): a name must be a non-empty RFC 9110 token"
                )
            }
            self.init(unchecked: name)
        }

        /// Creates a name from a string literal.
        ///
        /// A literal is not checked here, since a literal initializer cannot throw: setting or adding a value under
        /// a name that is not an RFC 9110 token fails with ``SerializationError/Code/invalidHeaderName`` instead.
        /// Use ``init(validating:)`` for input.
        /// - Parameter value: The literal.
        public init(stringLiteral value: String) {
            self.init(unchecked: value)
        }

        package init(unchecked name: String) {
            rawName = name
            canonicalName = name.lowercased()
        }

        /// Compares names case-insensitively.
        /// - Parameters:
        ///   - lhs: A name.
        ///   - rhs: Another name.
        /// - Returns: `true` when the names are equal ignoring case.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.canonicalName == rhs.canonicalName }

        /// Hashes the lowercased name.
        /// - Parameter hasher: The hasher.
        public func hash(into hasher: inout Hasher) { hasher.combine(canonicalName) }

        /// The name as it was given.
        public var description: String { rawName }

        /// `Accept`.
        public static let accept = Self(unchecked: "Accept")
        /// `Accept-Language`.
        public static let acceptLanguage = Self(unchecked: "Accept-Language")
        /// `Authorization`.
        public static let authorization = Self(unchecked: "Authorization")
        /// `Content-Disposition`.
        public static let contentDisposition = Self(unchecked: "Content-Disposition")
        /// `Content-Length`.
        public static let contentLength = Self(unchecked: "Content-Length")
        /// `Content-Type`.
        public static let contentType = Self(unchecked: "Content-Type")
        /// `Host`.
        public static let host = Self(unchecked: "Host")
        /// `Transfer-Encoding`.
        public static let transferEncoding = Self(unchecked: "Transfer-Encoding")
        /// `User-Agent`.
        public static let userAgent = Self(unchecked: "User-Agent")
    }
}
