import Foundation
import Testing

@testable import Wireform
@testable import WireformFoundation

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
        let request = try RequestSerializer(includesDefaultHeaders: false).serializedRequest(
            method: .get, url: url, parameters: ["k": "v"]
        ).urlRequest()
        #expect(request.url?.absoluteString == expected)
    }

    @Test func headersReachTheURLRequestAsAddValueStoresThem() throws {
        var headers = HeaderFields()
        try headers.addValue("a", for: HeaderFields.Name(validating: "x-trace"))
        try headers.addValue("b", for: HeaderFields.Name(validating: "X-TRACE"))
        try headers.addValue("text/plain", for: .accept)
        let request = try RequestSerializer(includesDefaultHeaders: false).serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["k": "v"]
        ).urlRequest()
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

    #if !canImport(Darwin)
        /// Names the header dictionary takes as they are must be exactly the names Foundation's `capitalized`
        /// leaves unchanged; every other name goes through `capitalized`.
        @Test(arguments: [
            "Content-Type", "User-Agent", "A", "X-Trace", "Www-Authenticate", "content-type", "Content-type",
            "CONTENT-TYPE", "X-1", "X-Api-Key2", "-Leading", "Trailing-", "Double--Dash", "", "X_Y", "Ä-Ö", "Über",
            "Accept-Language", "Etag", "ETag", "X-Api-Key", "Content-MD5",
        ])
        func namesKeptAsTheyAreAreTheOnesCapitalizedKeeps(name: String) {
            let isKept = CapitalizedHeaderName.isCapitalized(name)
            if isKept { #expect(name.capitalized == name) }
            #expect(CapitalizedHeaderName.of(name) == name.capitalized)
        }
    #endif

    @Test func getKeepsTheDefaultMethod() throws {
        let request = try RequestSerializer().serializedRequest(method: .get, url: "https://example.com").urlRequest()
        #expect(request.httpMethod == "GET")
    }

    struct Search: Encodable {
        var query = "swift & co"
        var tags = ["b", "a"]
        var filters = ["size": 2, "color": 1]
        var unique: Set<Int> = [1]
    }

    @Test func encodableQueriesAndFormBodiesMatchTheTreePath() throws {
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        let tree = try ParameterValueEncoder().encode(Search())
        let getFromTree = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: tree)
        let getFromValue = try serializer.serializedRequest(
            method: .get, url: URL(string: "https://example.com")!, encoding: Search())
        #expect(getFromValue.url == getFromTree.url)
        #expect(
            getFromValue.url
                == "https://example.com?filters%5Bcolor%5D=1&filters%5Bsize%5D=2&query=swift%20%26%20co"
                + "&tags%5B%5D=b&tags%5B%5D=a&unique=1")
        let postFromTree = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: tree)
        let postFromValue = try serializer.serializedRequest(
            method: .post, url: URL(string: "https://example.com")!, encoding: Search())
        #expect(postFromValue.body?.bytes == postFromTree.body?.bytes)
        #expect(postFromValue.headers == postFromTree.headers)
    }
}
