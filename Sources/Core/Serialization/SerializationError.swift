#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// The error every Wireform module throws for bad input: parameters, headers, media types, URLs, files and streams.
///
/// Each error has a ``code`` that groups it and a ``reason`` that says what was wrong and where, naming the bad
/// key path, header, media type or file in single quotes:
///
/// ```swift
/// do {
///     _ = try serializer.serializedRequest(
///         method: .get, url: "https://example.com", parameters: ["n": .number(ParameterNumber(Double.infinity))])
/// } catch let error as SerializationError where error.code == .unsupportedValue {
///     print(error.reason)  // Non-finite number inf at 'n' cannot be written in a query
/// }
/// ```
///
/// New codes are added as static members, so matching on them never breaks when Wireform grows. Errors thrown by a
/// third-party ``BodySerializer`` or ``QueryStyle`` are kept in ``underlyingError``.
///
/// With `WireformFoundation` linked, the error bridges to `NSError` with the domain `Wireform.SerializationError`
/// and a stable integer code per ``Code`` (its `CustomNSError` conformance lists them), for Objective-C callers and
/// code that logs `NSError`s.
public struct SerializationError: Error, CustomStringConvertible, LocalizedError, Sendable {
    /// A category of ``SerializationError``; new codes may be added in any release.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        enum Base: String, Hashable, Sendable {
            case unsupportedValue
            case invalidURL
            case invalidMethod
            case invalidHeader
            case noSerializerRegistered
            case serializerFailed
            case invalidPart
            case fileUnavailable
            case lengthMismatch
            case streamFailed
            case writeFailed
            case cancelled
            case bodyTooLarge
            case bodyAlreadyConsumed
            case unsupportedBody
            case invalidTemplate
            case invalidJSON
            case fileChanged
        }

        let base: Base

        /// Parameters the format cannot write: a value it cannot represent (a non-finite number in JSON, a null in
        /// a property list, …), a top-level shape it cannot take (a query string from an array, …), or nesting
        /// deeper than 128 levels. The ``SerializationError/reason`` says which, and where.
        public static var unsupportedValue: Self { Self(base: .unsupportedValue) }
        /// A URL string that does not parse, or a URL that cannot take a query.
        public static var invalidURL: Self { Self(base: .invalidURL) }
        /// An HTTP method that is not a valid RFC 9110 token.
        public static var invalidMethod: Self { Self(base: .invalidMethod) }
        /// A header that cannot be sent: a name that is not a valid RFC 9110 token, a value containing CR, LF, NUL
        /// or another forbidden byte, or headers that contradict each other or the body (two `Content-Type` fields, a
        /// `Transfer-Encoding` set by the caller, a `Content-Length` that is not the body's length, a multipart body
        /// under a `Content-Type` that is not multipart), or a media type for a `Content-Type` that does not parse
        /// or takes an invalid parameter (a `charset` with CR or LF). The ``SerializationError/reason`` says which.
        public static var invalidHeader: Self { Self(base: .invalidHeader) }
        /// No body serializer is registered for the requested media type.
        public static var noSerializerRegistered: Self { Self(base: .noSerializerRegistered) }
        /// Code outside Wireform failed: a body serializer or a query style threw an error of its own, or an
        /// `Encodable` value (or its encoder) could not be encoded. The error is kept in
        /// ``SerializationError/underlyingError`` when there is one.
        public static var serializerFailed: Self { Self(base: .serializerFailed) }
        /// A multipart part that cannot be framed (for example a header value with CR or LF), or a boundary that is
        /// empty, too long or has characters RFC 2046 does not allow. The ``SerializationError/reason`` says which.
        public static var invalidPart: Self { Self(base: .invalidPart) }
        /// A file that is missing, is a directory, is not a file URL or cannot be read.
        public static var fileUnavailable: Self { Self(base: .fileUnavailable) }
        /// A stream or file produced more or fewer bytes than declared.
        public static var lengthMismatch: Self { Self(base: .lengthMismatch) }
        /// A part's stream failed while it was read.
        public static var streamFailed: Self { Self(base: .streamFailed) }
        /// Writing a body to its destination failed (disk full, permissions, …).
        public static var writeFailed: Self { Self(base: .writeFailed) }
        /// The operation was cancelled.
        public static var cancelled: Self { Self(base: .cancelled) }
        /// A body is larger than the limit given for collecting it in memory.
        public static var bodyTooLarge: Self { Self(base: .bodyTooLarge) }
        /// A body that can be read only once was read again.
        public static var bodyAlreadyConsumed: Self { Self(base: .bodyAlreadyConsumed) }
        /// A body cannot be delivered the way that was asked (for example an async-only part through `InputStream`).
        public static var unsupportedBody: Self { Self(base: .unsupportedBody) }
        /// A URI template that cannot be expanded: it does not parse (an unclosed `{`, a stray `}`, an operator RFC
        /// 6570 reserves, an invalid variable name or prefix length), or it names a variable that was given no value.
        public static var invalidTemplate: Self { Self(base: .invalidTemplate) }
        /// JSON text (``JSONText``) that is not valid RFC 8259 or breaks its reader's rules (a duplicate key, a
        /// number that cannot be kept exactly, a bad tag); the ``SerializationError/reason`` ends with the line,
        /// column and byte offset.
        public static var invalidJSON: Self { Self(base: .invalidJSON) }
        /// A file body (``MessageBody/init(fileAt:)``, a multipart form's file part) read again, for a redirect or
        /// an authentication retry, found another file or another version of it than its first reading read: edited
        /// in place, even to the same size, or replaced. The same body cannot be produced again.
        public static var fileChanged: Self { Self(base: .fileChanged) }

        /// The code's name, such as `unsupportedValue`.
        public var description: String { base.rawValue }
    }

    /// The category of this error.
    public var code: Code
    /// What was wrong and where, in one line.
    public var reason: String
    /// The error that caused this one, such as an error thrown by a third-party serializer or by the file system.
    public var underlyingError: (any Error)?

    /// Creates an error.
    /// - Parameters:
    ///   - code: The category.
    ///   - reason: What was wrong and where, in one line.
    ///   - underlyingError: The error that caused this one, if any.
    public init(_ code: Code, _ reason: String, underlyingError: (any Error)? = nil) {
        self.code = code
        self.reason = reason
        self.underlyingError = underlyingError
    }

    /// The ``reason``, followed by the underlying error when there is one.
    public var description: String {
        guard let underlyingError else { return reason }
        return "\(reason): \(underlyingError)"
    }

    /// The same text as ``description``, so that `localizedDescription` and UI code that shows errors say what was
    /// wrong and where instead of a generic "The operation could not be completed".
    public var errorDescription: String? { description }
}
