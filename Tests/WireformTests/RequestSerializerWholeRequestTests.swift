import Foundation
import Testing
import Wireform

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The whole-request path (issue 13, R1): the query joined to every shape of URL, and the headers handed to
/// `URLRequest` in one go keep what `addValue` stored.
@Suite struct RequestSerializerWholeRequestTests {
    @Test(arguments: [
        ("https://example.com/a", "https://example.com/a?k=v"),
        ("https://example.com/a?", "https://example.com/a?k=v"),
        ("https://example.com/a?x=1", "https://example.com/a?x=1&k=v"),
        ("https://example.com/a?x=1&", "https://example.com/a?x=1&k=v"),
        ("https://example.com/a#top", "https://example.com/a?k=v#top"),
        ("https://example.com/a?x=1#top?no", "https://example.com/a?x=1&k=v#top?no"),
        ("https://example.com/é?x=ü#frag", "https://example.com/%C3%A9?x=%C3%BC&k=v#frag"),
    ])
    func joinsTheQueryToEveryShapeOfURL(url: String, expected: String) throws {
        let request = try RequestSerializer(includesDefaultHeaders: false).urlRequest(
            method: .get, url: url, parameters: ["k": "v"])
        #expect(request.url?.absoluteString == expected)
    }

    @Test func headersReachTheURLRequestAsAddValueStoresThem() throws {
        var headers = HTTPHeaders()
        try headers.addValue("a", for: HTTPHeaders.Name(validating: "x-trace"))
        try headers.addValue("b", for: HTTPHeaders.Name(validating: "X-TRACE"))
        try headers.addValue("text/plain", for: .accept)
        let request = try RequestSerializer(includesDefaultHeaders: false).urlRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["k": "v"])
        #expect(request.httpMethod == "POST")
        #expect(request.value(forHTTPHeaderField: "x-trace") == "a,b")
        #expect(request.value(forHTTPHeaderField: "Accept") == "text/plain")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "3")
        #if !canImport(Darwin)
            #expect(
                request.allHTTPHeaderFields == [
                    "X-Trace": "a,b", "Accept": "text/plain", "Content-Type": "application/x-www-form-urlencoded",
                    "Content-Length": "3",
                ])
        #endif
    }

    @Test func getKeepsTheDefaultMethod() throws {
        let request = try RequestSerializer().urlRequest(method: .get, url: "https://example.com")
        #expect(request.httpMethod == "GET")
    }
}
