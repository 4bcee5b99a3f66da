public import NIOSSL

extension TLSConfiguration {
    /// The TLS configuration Wireform recommends for a client: AsyncHTTPClient's default
    /// (`makeClientConfiguration()`: the system's trust roots, full certificate and host name checks) with TLS 1.2
    /// at least, as curl and browsers require. AsyncHTTPClient's own default also accepts TLS 1.0 and 1.1.
    ///
    /// ```swift
    /// var configuration = HTTPClient.Configuration()
    /// configuration.tlsConfiguration = .makeWireformClientConfiguration()
    /// let client = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    /// ```
    /// - Returns: The configuration, with `minimumTLSVersion` `.tlsv12`.
    public static func makeWireformClientConfiguration() -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.minimumTLSVersion = .tlsv12
        return configuration
    }
}
