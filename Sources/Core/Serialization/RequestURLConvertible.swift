#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A value that names a request's URL: a `URL`, or an absolute URL string.
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
/// host, and every byte a URL cannot carry as it is (a space, a control byte, non-ASCII text) must be
/// percent-encoded; otherwise the request is refused with ``SerializationError/Code/invalidURL``. Conform a type of
/// your own (a route, an endpoint) to pass it directly; throw ``SerializationError/Code/invalidURL`` when it does not
/// make a URL.
public protocol RequestURLConvertible: Sendable {
    /// The text of the URL the request goes to.
    /// - Returns: The absolute URL text; an existing query and fragment are kept.
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
