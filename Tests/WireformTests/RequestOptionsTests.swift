import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `RequestOptions.allowsExpensiveNetworkAccess` and `allowsConstrainedNetworkAccess`: kept on every platform, applied
/// where `URLRequest` has them (Apple platforms); on Linux the request builds as before, with every other option.
/// `httpShouldUsePipelining`: applied when set, URLRequest's own default when not.
@Suite struct RequestOptionsTests {
    @Test func pipeliningIsAppliedOnlyWhenSet() throws {
        let request = try plainSerializer().serializedRequest(method: .get, url: "https://example.com")
        #expect(RequestOptions().httpShouldUsePipelining == nil)
        // Unset, the request keeps URLRequest's own default (`false` on Apple platforms, `true` in
        // swift-corelibs-foundation).
        let fresh = URLRequest(url: try url("https://example.com"))
        #expect(try request.urlRequest().testing_isPipelined == fresh.testing_isPipelined)
        let pipelined = RequestOptions(httpShouldUsePipelining: true)
        #expect(pipelined.httpShouldUsePipelining == true)
        #expect(pipelined != RequestOptions())
        #expect(try request.urlRequest(options: pipelined).testing_isPipelined == true)
        let notPipelined = RequestOptions(httpShouldUsePipelining: false)
        #expect(try request.urlRequest(options: notPipelined).testing_isPipelined == false)
    }

    /// Left unset, an existing request keeps its own value; set, the option replaces it.
    @Test(arguments: [true, false])
    func pipeliningKeepsAnExistingRequestsValueWhenUnset(value: Bool) throws {
        var original = URLRequest(url: try url("https://example.com"))
        original.testing_isPipelined = value
        let kept = try plainSerializer().serialize(
            original, parameters: nil, options: RequestOptions(timeoutInterval: 5))
        #expect(kept.testing_isPipelined == value)
        let replaced = try plainSerializer().serialize(
            original, parameters: nil, options: RequestOptions(httpShouldUsePipelining: !value))
        #expect(replaced.testing_isPipelined == !value)
    }

    @Test func networkAccessOptionsAreNotSetByDefault() {
        let options = RequestOptions()
        #expect(options.allowsExpensiveNetworkAccess == nil)
        #expect(options.allowsConstrainedNetworkAccess == nil)
    }

    @Test func networkAccessOptionsAreStoredAndCompared() {
        var options = RequestOptions(allowsExpensiveNetworkAccess: false, allowsConstrainedNetworkAccess: true)
        #expect(options.allowsExpensiveNetworkAccess == false)
        #expect(options.allowsConstrainedNetworkAccess == true)
        #expect(options == RequestOptions(allowsExpensiveNetworkAccess: false, allowsConstrainedNetworkAccess: true))
        #expect(options != RequestOptions(allowsExpensiveNetworkAccess: false))
        #expect(options != RequestOptions(allowsConstrainedNetworkAccess: true))
        #expect(
            Set([options, RequestOptions(allowsExpensiveNetworkAccess: false, allowsConstrainedNetworkAccess: true)])
                .count == 1)
        options.allowsExpensiveNetworkAccess = nil
        options.allowsConstrainedNetworkAccess = nil
        #expect(options == RequestOptions())
    }

    @Test func aRequestWithNetworkAccessOptionsBuildsWithTheOtherOptions() throws {
        let options = RequestOptions(
            timeoutInterval: 9,
            cachePolicy: .reloadIgnoringLocalCacheData,
            httpShouldHandleCookies: false,
            httpShouldUsePipelining: true,
            allowsCellularAccess: false,
            networkServiceType: .background,
            allowsExpensiveNetworkAccess: false,
            allowsConstrainedNetworkAccess: false
        )
        let serializer = plainSerializer()
        let built = try serializer.serializedRequest(
            method: .post, url: "https://example.com/a", parameters: ["a": 1]
        ).urlRequest(options: options)
        var original = URLRequest(url: try url("https://example.com/a"))
        original.httpMethod = "POST"
        let serialized = try serializer.serialize(original, parameters: ["a": 1], options: options)
        for request in [built, serialized] {
            #expect(request.url?.absoluteString == "https://example.com/a")
            #expect(request.httpBody == Data("a=1".utf8))
            #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
            #expect(request.timeoutInterval == 9)
            #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
            #expect(!request.httpShouldHandleCookies)
            #expect(request.testing_isPipelined)
            #expect(!request.allowsCellularAccess)
            #expect(request.networkServiceType == .background)
            #if canImport(Darwin)
                #expect(!request.allowsExpensiveNetworkAccess)
                #expect(!request.allowsConstrainedNetworkAccess)
            #endif
        }
    }

    #if canImport(Darwin)
        /// Left unset, the request keeps URLRequest's own value (`true`) and an existing request's value.
        @Test func unsetNetworkAccessOptionsKeepTheRequestsValues() throws {
            var original = URLRequest(url: try url("https://example.com"))
            original.allowsExpensiveNetworkAccess = false
            let serialized = try plainSerializer().serialize(
                original, parameters: nil, options: RequestOptions(allowsConstrainedNetworkAccess: false))
            #expect(!serialized.allowsExpensiveNetworkAccess)
            #expect(!serialized.allowsConstrainedNetworkAccess)
            let built = try plainSerializer().serializedRequest(method: .get, url: "https://example.com").urlRequest()
            #expect(built.allowsExpensiveNetworkAccess)
            #expect(built.allowsConstrainedNetworkAccess)
        }
    #endif
}
