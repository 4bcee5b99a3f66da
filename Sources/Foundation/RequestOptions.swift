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
///
/// > Important: ``allowsExpensiveNetworkAccess`` and ``allowsConstrainedNetworkAccess`` take effect only on Apple
/// > platforms. On Linux they are kept and compared like the other properties, but have no effect, because
/// > swift-corelibs-foundation's `URLRequest` has no such setting.
public struct RequestOptions: Sendable, Hashable {
    /// The timeout interval, in seconds.
    public var timeoutInterval: TimeInterval?
    /// The cache policy.
    public var cachePolicy: URLRequest.CachePolicy?
    /// Whether cookies are sent and stored.
    public var httpShouldHandleCookies: Bool?
    /// Whether the request may be sent before the response to an earlier one on the same connection has arrived
    /// (HTTP/1.1 pipelining, `URLRequest.httpShouldUsePipelining`; AFNetworking's `HTTPShouldUsePipelining`).
    ///
    /// `nil` leaves the request's own value (for a new `URLRequest`, `false` on Apple platforms and `true` in
    /// swift-corelibs-foundation). It is a hint: the system may still wait, and HTTP/2 and
    /// HTTP/3 connections multiplex requests without it.
    ///
    /// > Important: Foundation deprecates `URLRequest.httpShouldUsePipelining` (macOS 15.4, iOS 18.4): HTTP/1
    /// > pipelining has known compatibility issues with servers and proxies. It is applied when set, as AFNetworking
    /// > does, for code that migrates with it; new code should leave it `nil` and use HTTP/2 or HTTP/3.
    public var httpShouldUsePipelining: Bool?
    /// Whether the request may use a cellular network.
    public var allowsCellularAccess: Bool?
    /// The kind of traffic the request carries, a hint to the system.
    public var networkServiceType: URLRequest.NetworkServiceType?
    /// Whether the request may use a network the system considers expensive, such as cellular data or a personal
    /// hotspot (`URLRequest.allowsExpensiveNetworkAccess`).
    ///
    /// Applied on Apple platforms only; on Linux it is kept but has no effect, because swift-corelibs-foundation's
    /// `URLRequest` has no such setting.
    public var allowsExpensiveNetworkAccess: Bool?
    /// Whether the request may use a network in Low Data Mode (`URLRequest.allowsConstrainedNetworkAccess`).
    ///
    /// Applied on Apple platforms only; on Linux it is kept but has no effect, because swift-corelibs-foundation's
    /// `URLRequest` has no such setting.
    public var allowsConstrainedNetworkAccess: Bool?

    /// Creates options; every property defaults to "not set".
    /// - Parameters:
    ///   - timeoutInterval: The timeout interval, in seconds.
    ///   - cachePolicy: The cache policy.
    ///   - httpShouldHandleCookies: Whether cookies are handled.
    ///   - httpShouldUsePipelining: Whether HTTP/1.1 pipelining may be used.
    ///   - allowsCellularAccess: Whether cellular access is allowed.
    ///   - networkServiceType: The network service type.
    ///   - allowsExpensiveNetworkAccess: Whether expensive networks are allowed (Apple platforms only).
    ///   - allowsConstrainedNetworkAccess: Whether networks in Low Data Mode are allowed (Apple platforms only).
    public init(
        timeoutInterval: TimeInterval? = nil,
        cachePolicy: URLRequest.CachePolicy? = nil,
        httpShouldHandleCookies: Bool? = nil,
        httpShouldUsePipelining: Bool? = nil,
        allowsCellularAccess: Bool? = nil,
        networkServiceType: URLRequest.NetworkServiceType? = nil,
        allowsExpensiveNetworkAccess: Bool? = nil,
        allowsConstrainedNetworkAccess: Bool? = nil
    ) {
        self.timeoutInterval = timeoutInterval
        self.cachePolicy = cachePolicy
        self.httpShouldHandleCookies = httpShouldHandleCookies
        self.httpShouldUsePipelining = httpShouldUsePipelining
        self.allowsCellularAccess = allowsCellularAccess
        self.networkServiceType = networkServiceType
        self.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess
        self.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
    }

    /// Applies the properties that are set.
    func apply(to request: inout URLRequest) {
        if let timeoutInterval { request.timeoutInterval = timeoutInterval }
        if let cachePolicy { request.cachePolicy = cachePolicy }
        if let httpShouldHandleCookies { request.httpShouldHandleCookies = httpShouldHandleCookies }
        if let httpShouldUsePipelining { request.setPipelining(httpShouldUsePipelining) }
        if let allowsCellularAccess { request.allowsCellularAccess = allowsCellularAccess }
        if let networkServiceType { request.networkServiceType = networkServiceType }
        #if canImport(Darwin)
            // macOS 10.15, iOS 13, tvOS 13 and watchOS 6 added these; the package's platforms are all newer.
            if let allowsExpensiveNetworkAccess { request.allowsExpensiveNetworkAccess = allowsExpensiveNetworkAccess }
            if let allowsConstrainedNetworkAccess {
                request.allowsConstrainedNetworkAccess = allowsConstrainedNetworkAccess
            }
        #endif
        // On Linux, URLRequest has neither setting: the two properties are carried and have no effect.
    }
}
