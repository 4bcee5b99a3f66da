#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A value that names a request's URL: a `URL`, or a URL string.
///
/// Every ``RequestSerializer`` method that builds a request takes its URL through this one protocol, so each takes a
/// `String` and a `URL` alike:
///
/// ```swift
/// let serializer = RequestSerializer()
/// let byString = try serializer.serializedRequest(method: .get, url: "https://example.com/users")
/// let byURL = try serializer.serializedRequest(method: .get, url: URL(string: "https://example.com/users")!)
/// ```
///
/// The text is checked by Wireform, not parsed by Foundation: it must be an absolute `http` or `https` URL with a
/// host (or, when the serializer has a ``RequestSerializer/baseURL``, a reference that resolves to one), and every
/// byte a URL cannot carry as it is (a space, a control byte, non-ASCII text) must be percent-encoded; otherwise the
/// request is refused with ``SerializationError/Code/invalidURL``. A `URL` gives its `absoluteString`, so one made
/// with `URL(string:relativeTo:)` is sent resolved. Conform a type of your own (a route, an endpoint) to pass it
/// directly; throw ``SerializationError/Code/invalidURL`` when it does not make a URL.
public protocol RequestURLConvertible: Sendable {
    /// The text of the URL the request goes to.
    /// - Returns: The URL text, absolute or relative to the serializer's ``RequestSerializer/baseURL``; an existing
    ///   query and fragment are kept.
    /// - Throws: ``SerializationError/Code/invalidURL`` when the value does not make a URL.
    func requestURL() throws(SerializationError) -> String
}

extension URL: RequestURLConvertible {
    /// The URL's text.
    /// - Returns: `absoluteString`.
    public func requestURL() -> String { absoluteString }
}

extension String: RequestURLConvertible {
    /// The string itself, which the serializer checks.
    /// - Returns: This string.
    public func requestURL() -> String { self }
}
