extension HeaderFields {
    /// A header field name: an RFC 9110 token, valid from construction, compared case-insensitively, written as
    /// given.
    ///
    /// The request fields of the IANA HTTP Field Name Registry that swift-http-types names are static members
    /// (``accept``, ``contentType``, ``ifNoneMatch``, …, in HeaderFields+RequestFieldNames.swift); add your own the way swift-http-types does,
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
        public init(validating name: String) throws(SerializationError) {
            guard HTTPToken.isToken(name) else {
                throw SerializationError(
                    .invalidHeader,
                    "Invalid header name \(SerializationError.quoted(name)): a name must be a non-empty RFC 9110 token"
                )
            }
            self.init(unchecked: name)
        }

        /// Creates a name without checking it: for the constants, whose spelling is a token.
        init(unchecked name: String) {
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
    }
}
