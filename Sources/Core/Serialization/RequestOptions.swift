/// `URLRequest` properties that ``RequestSerializer`` applies, each only when you set it.
///
/// A property left `nil` keeps the request's own value (AFNetworking applied only the properties a user changed).
/// The cache policy and network service type are Wireform's own types, so this value (and ``RequestSerializer``)
/// carries no Foundation networking type; they become `URLRequest`'s when a request is built.
public struct RequestOptions: Sendable, Hashable {
    /// How a request uses the URL loading system's cache; a struct with static members, so more may be added.
    public struct CachePolicy: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case useProtocolCachePolicy
            case reloadIgnoringLocalCacheData
            case returnCacheDataElseLoad
            case returnCacheDataDontLoad
        }

        let base: Base

        /// The protocol's own policy (`URLRequest.CachePolicy.useProtocolCachePolicy`).
        public static var useProtocolCachePolicy: Self { Self(base: .useProtocolCachePolicy) }
        /// Load from the origin, ignoring cached data.
        public static var reloadIgnoringLocalCacheData: Self { Self(base: .reloadIgnoringLocalCacheData) }
        /// Use cached data however old, loading only when there is none.
        public static var returnCacheDataElseLoad: Self { Self(base: .returnCacheDataElseLoad) }
        /// Use cached data only; fail when there is none.
        public static var returnCacheDataDontLoad: Self { Self(base: .returnCacheDataDontLoad) }

        /// The policy's name, such as `reloadIgnoringLocalCacheData`.
        public var description: String { base.rawValue }
    }

    /// The kind of traffic a request carries, a hint to the system; a struct with static members.
    public struct NetworkServiceType: Sendable, Hashable, CustomStringConvertible {
        enum Base: String, Sendable, Hashable {
            case `default`
            case background
            case video
            case voice
        }

        let base: Base

        /// Standard traffic.
        public static var `default`: Self { Self(base: .default) }
        /// Background traffic, such as prefetching.
        public static var background: Self { Self(base: .background) }
        /// Video traffic.
        public static var video: Self { Self(base: .video) }
        /// Voice traffic.
        public static var voice: Self { Self(base: .voice) }

        /// The type's name, such as `background`.
        public var description: String { base.rawValue }
    }

    /// The timeout interval, in seconds.
    public var timeoutInterval: Double?
    /// The cache policy.
    public var cachePolicy: CachePolicy?
    /// Whether cookies are sent and stored.
    public var httpShouldHandleCookies: Bool?
    /// Whether the request may use a cellular network.
    public var allowsCellularAccess: Bool?
    /// The network service type.
    public var networkServiceType: NetworkServiceType?

    /// Creates options; every property defaults to "not set".
    /// - Parameters:
    ///   - timeoutInterval: The timeout interval, in seconds.
    ///   - cachePolicy: The cache policy.
    ///   - httpShouldHandleCookies: Whether cookies are handled.
    ///   - allowsCellularAccess: Whether cellular access is allowed.
    ///   - networkServiceType: The network service type.
    public init(
        timeoutInterval: Double? = nil,
        cachePolicy: CachePolicy? = nil,
        httpShouldHandleCookies: Bool? = nil,
        allowsCellularAccess: Bool? = nil,
        networkServiceType: NetworkServiceType? = nil
    ) {
        self.timeoutInterval = timeoutInterval
        self.cachePolicy = cachePolicy
        self.httpShouldHandleCookies = httpShouldHandleCookies
        self.allowsCellularAccess = allowsCellularAccess
        self.networkServiceType = networkServiceType
    }
}
