import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Foundation `URL`s made with `URL(string:relativeTo:)` (Alamofire's way to a base URL) go in by their
/// `absoluteString`, and `serialize(_:parameters:options:)` resolves a `URLRequest`'s URL against
/// ``RequestSerializer/baseURL`` like every other call.
@Suite struct RelativeFoundationURLTests {
    /// `users?a=1` relative to `https://example.com/v1/`.
    func relativeURL() throws -> URL {
        try #require(URL(string: "users?a=1", relativeTo: try url("https://example.com/v1/")))
    }

    @Test func aURLMadeRelativeToABaseIsSentResolved() throws {
        let relative = try relativeURL()
        #expect(relative.relativeString == "users?a=1")
        let request = try plainSerializer().serializedRequest(method: .get, url: relative, parameters: ["page": 2])
        #expect(request.url == "https://example.com/v1/users?a=1&page=2")
        #expect(try request.urlRequest().url?.absoluteString == "https://example.com/v1/users?a=1&page=2")
        let post = try plainSerializer().serializedRequest(method: .post, url: relative, parameters: ["page": 2])
        #expect(post.url == "https://example.com/v1/users?a=1")
        #expect(bodyText(post) == "page=2")
    }

    @Test func aURLRequestWithARelativeURLIsSerializedResolved() throws {
        let urlRequest = URLRequest(url: try relativeURL())
        let serialized = try plainSerializer().serialize(urlRequest, parameters: ["page": 2])
        #expect(serialized.url?.absoluteString == "https://example.com/v1/users?a=1&page=2")
    }

    @Test func aURLRequestsRelativeURLIsResolvedAgainstTheSerializersBase() throws {
        var serializer = plainSerializer()
        serializer.baseURL = try url("https://example.com/v1/")
        let urlRequest = URLRequest(url: try url("users"))
        let serialized = try serializer.serialize(urlRequest, parameters: ["page": 2])
        #expect(serialized.url?.absoluteString == "https://example.com/v1/users?page=2")
        var post = URLRequest(url: try url("../v2/items"))
        post.httpMethod = "POST"
        let posted = try serializer.serialize(post, parameters: ["name": "a"])
        #expect(posted.url?.absoluteString == "https://example.com/v2/items")
        #expect(posted.httpBody == Data("name=a".utf8))
    }

    @Test func aURLRequestsRelativeURLWithoutABaseIsRefusedByName() throws {
        let urlRequest = URLRequest(url: try url("users"))
        expectSerializationError(.invalidURL, "Invalid URL 'users': expected an absolute URL") {
            _ = try plainSerializer().serialize(urlRequest, parameters: ["page": 2])
        }
    }
}
