extension HeaderFields {
    /// A header field name: an RFC 9110 token, valid from construction, compared case-insensitively, written as
    /// given.
    ///
    /// Common names are static members; add your own the way swift-http-types does,
    /// `static let myHeader = HeaderFields.Name("My-Header")!`, and parse input with ``init(_:)``.
    public struct Name: Sendable, Hashable, CustomStringConvertible {
        /// The name as it was given, such as `Content-Type`.
        package let rawName: String
        /// The name lowercased, used for comparison.
        package let canonicalName: String

        /// Creates a name, or `nil` when the string is not a token.
        /// - Parameter name: A name such as `X-Request-ID`.
        public init?(_ name: String) {
            guard HTTPToken.isToken(name) else { return nil }
            self.init(unchecked: name)
        }

        /// Creates a name, throwing an error that names the bad string when it is not a token.
        /// - Parameter name: A name such as `X-Request-ID`.
        /// - Throws: ``SerializationError/Code/invalidHeader``.
        package init(validating name: String) throws(SerializationError) {
            guard HTTPToken.isToken(name) else {
                throw SerializationError(
                    .invalidHeader,
                    "Invalid header name \(SerializationError.quoted(name)): a name must be a non-empty RFC 9110 token"
                )
            }
            self.init(unchecked: name)
        }

        private init(unchecked name: String) {
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
        /// `Accept-Encoding`.
        package static let acceptEncoding = Self(unchecked: "Accept-Encoding")
        /// `Accept-Language`.
        package static let acceptLanguage = Self(unchecked: "Accept-Language")
        /// `Authorization`.
        public static let authorization = Self(unchecked: "Authorization")
        /// `Cache-Control`.
        package static let cacheControl = Self(unchecked: "Cache-Control")
        /// `Content-Disposition`.
        package static let contentDisposition = Self(unchecked: "Content-Disposition")
        /// `Content-Encoding`.
        package static let contentEncoding = Self(unchecked: "Content-Encoding")
        /// `Content-Length`.
        public static let contentLength = Self(unchecked: "Content-Length")
        /// `Content-Type`.
        public static let contentType = Self(unchecked: "Content-Type")
        /// `Cookie`.
        package static let cookie = Self(unchecked: "Cookie")
        /// `Host`.
        package static let host = Self(unchecked: "Host")
        /// `Transfer-Encoding`.
        package static let transferEncoding = Self(unchecked: "Transfer-Encoding")
        /// `User-Agent`.
        public static let userAgent = Self(unchecked: "User-Agent")
    }
}
