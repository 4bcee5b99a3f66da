#if canImport(FoundationNetworking)
    public import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

/// `URLRequest` properties applied when a request becomes a `URLRequest`, each only when you set it.
///
/// A property left `nil` keeps the request's own value (AFNetworking applied only the properties a user changed).
/// Make one value and pass it to every ``Wireform/SerializedRequest/urlRequest(options:)`` (and
/// ``Wireform/RequestSerializer/serialize(_:parameters:options:)``), so a timeout or cache policy is set once for
/// every request:
///
/// ```swift
/// let options = RequestOptions(timeoutInterval: 30, cachePolicy: .reloadIgnoringLocalCacheData)
/// let request = try serializer.serializedRequest(method: .get, url: "https://example.com/users").urlRequest(
///     options: options)
/// ```
///
/// A `URLSessionConfiguration` sets the same properties for every request of a session.
public struct RequestOptions: Sendable, Hashable {
    /// The timeout interval, in seconds.
    public var timeoutInterval: TimeInterval?
    /// The cache policy.
    public var cachePolicy: URLRequest.CachePolicy?
    /// Whether cookies are sent and stored.
    public var httpShouldHandleCookies: Bool?
    /// Whether the request may use a cellular network.
    public var allowsCellularAccess: Bool?
    /// The kind of traffic the request carries, a hint to the system.
    public var networkServiceType: URLRequest.NetworkServiceType?

    /// Creates options; every property defaults to "not set".
    /// - Parameters:
    ///   - timeoutInterval: The timeout interval, in seconds.
    ///   - cachePolicy: The cache policy.
    ///   - httpShouldHandleCookies: Whether cookies are handled.
    ///   - allowsCellularAccess: Whether cellular access is allowed.
    ///   - networkServiceType: The network service type.
    public init(
        timeoutInterval: TimeInterval? = nil,
        cachePolicy: URLRequest.CachePolicy? = nil,
        httpShouldHandleCookies: Bool? = nil,
        allowsCellularAccess: Bool? = nil,
        networkServiceType: URLRequest.NetworkServiceType? = nil
    ) {
        self.timeoutInterval = timeoutInterval
        self.cachePolicy = cachePolicy
        self.httpShouldHandleCookies = httpShouldHandleCookies
        self.allowsCellularAccess = allowsCellularAccess
        self.networkServiceType = networkServiceType
    }

    /// Applies the properties that are set.
    func apply(to request: inout URLRequest) {
        if let timeoutInterval { request.timeoutInterval = timeoutInterval }
        if let cachePolicy { request.cachePolicy = cachePolicy }
        if let httpShouldHandleCookies { request.httpShouldHandleCookies = httpShouldHandleCookies }
        if let allowsCellularAccess { request.allowsCellularAccess = allowsCellularAccess }
        if let networkServiceType { request.networkServiceType = networkServiceType }
    }
}
