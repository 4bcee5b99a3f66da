#if canImport(FoundationNetworking)
    import Foundation
    import FoundationNetworking
#else
    import Foundation
#endif

/// `URLRequest.httpShouldUsePipelining`, reached through a protocol requirement.
///
/// Foundation deprecates the property (macOS 15.4, iOS 18.4 and swift-corelibs-foundation: "HTTP/1 pipelining has
/// known compatibility issues"), and the package builds with warnings as errors. ``RequestOptions`` still applies it
/// when a caller sets ``RequestOptions/httpShouldUsePipelining`` (AFNetworking's `HTTPShouldUsePipelining`, which
/// migrating code sets); the deprecation is stated in that property's documentation. A requirement that the
/// deprecated property witnesses is the language's way to use it without a warning at each use.
protocol HTTPPipeliningSetting {
    /// Whether HTTP/1.1 pipelining may be used.
    var httpShouldUsePipelining: Bool { get set }
}

extension URLRequest: HTTPPipeliningSetting {}

extension HTTPPipeliningSetting {
    /// Sets ``httpShouldUsePipelining``.
    /// - Parameter isAllowed: Whether pipelining may be used.
    mutating func setPipelining(_ isAllowed: Bool) { httpShouldUsePipelining = isAllowed }
}
