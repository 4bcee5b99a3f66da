#if canImport(FoundationNetworking)
    import Foundation
    public import FoundationNetworking
#else
    public import Foundation
#endif

extension RequestOptions {
    /// Applies the properties that are set.
    /// - Parameter request: The request to change.
    public func apply(to request: inout URLRequest) {
        if let timeoutInterval { request.timeoutInterval = timeoutInterval }
        if let cachePolicy { request.cachePolicy = cachePolicy.urlRequestValue }
        if let httpShouldHandleCookies { request.httpShouldHandleCookies = httpShouldHandleCookies }
        if let allowsCellularAccess { request.allowsCellularAccess = allowsCellularAccess }
        if let networkServiceType { request.networkServiceType = networkServiceType.urlRequestValue }
    }
}

extension RequestOptions.CachePolicy {
    var urlRequestValue: URLRequest.CachePolicy {
        switch base {
        case .useProtocolCachePolicy: return .useProtocolCachePolicy
        case .reloadIgnoringLocalCacheData: return .reloadIgnoringLocalCacheData
        case .returnCacheDataElseLoad: return .returnCacheDataElseLoad
        case .returnCacheDataDontLoad: return .returnCacheDataDontLoad
        }
    }
}

extension RequestOptions.NetworkServiceType {
    var urlRequestValue: URLRequest.NetworkServiceType {
        switch base {
        case .default: return .default
        case .background: return .background
        case .video: return .video
        case .voice: return .voice
        }
    }
}
