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
/// Conform a type of your own (a route, an endpoint) to pass it directly; throw
/// ``SerializationError/Code/invalidURL`` when it does not make a URL.
public protocol RequestURLConvertible: Sendable {
    /// The URL the request goes to.
    /// - Returns: The URL; an existing query and fragment are kept.
    /// - Throws: ``SerializationError/Code/invalidURL`` when the value does not make an absolute URL.
    func requestURL() throws(SerializationError) -> URL
}

extension URL: RequestURLConvertible {
    /// The URL itself.
    /// - Returns: This URL.
    public func requestURL() -> URL { self }
}

extension String: RequestURLConvertible {
    /// The URL this string spells.
    /// - Returns: The URL.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a string that is not an absolute URL (one with a scheme).
    public func requestURL() throws(SerializationError) -> URL {
        try RequestSerializer.parseURL(self)
    }
}
