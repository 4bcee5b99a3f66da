#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A request built by ``RequestSerializer``: method, URL, headers in the order Wireform produced them, and body.
///
/// Use it directly with an HTTP client that takes these parts (its ``body`` can be streamed as async chunks), or
/// turn it into a `URLRequest` with `urlRequest(options:)` from `WireformFoundation`.
public struct SerializedRequest: Sendable {
    /// The method.
    public var method: RequestMethod
    /// The URL, with any query the serializer added.
    public var url: URL
    /// The headers, in order: the caller's, then the serializer's defaults, then `Content-Type` and
    /// `Content-Length` when they are known.
    public var headers: HeaderFields
    /// The body, or `nil` when the request has none.
    public var body: RequestBody?

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The URL.
    ///   - headers: The headers.
    ///   - body: The body.
    public init(
        method: RequestMethod,
        url: URL,
        headers: HeaderFields = HeaderFields(),
        body: RequestBody? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
    }
}
