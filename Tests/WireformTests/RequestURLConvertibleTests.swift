import Foundation
import Testing
import Wireform

/// Every request-building call takes its URL through ``RequestURLConvertible``: a `String`, a `URL`, or a type of the
/// caller's own.
@Suite struct RequestURLConvertibleTests {
    /// A caller's own route type.
    struct Route: RequestURLConvertible {
        var path: String

        func requestURL() throws(SerializationError) -> String {
            guard path.hasPrefix("/") else {
                throw SerializationError(.invalidURL, "Invalid path \(SerializationError.quoted(path))")
            }
            return "https://api.example.com" + path
        }
    }

    @Test func aStringAndAURLMakeTheSameRequest() throws {
        let serializer = plainSerializer()
        let byString = try serializer.serializedRequest(
            method: .get, url: "https://example.com/a?x=1", parameters: ["n": 1])
        let byURL = try serializer.serializedRequest(
            method: .get, url: URL(string: "https://example.com/a?x=1")!, parameters: ["n": 1])
        #expect(byString.url == byURL.url)
        #expect(byString.url == "https://example.com/a?x=1&n=1")
    }

    @Test func aStringIsCheckedAsAnAbsoluteURL() throws {
        #expect("https://example.com/a".requestURL() == "https://example.com/a")
        #expect(URL(string: "https://example.com/a")!.requestURL() == "https://example.com/a")
        #expect(try SerializedRequest(method: .get, url: "https://example.com/a").url == "https://example.com/a")
        let error = #expect(throws: SerializationError.self) {
            try SerializedRequest(method: .get, url: "example.com/a")
        }
        #expect(error?.code == .invalidURL)
        #expect(error?.reason == "Invalid URL 'example.com/a': expected an absolute URL")
    }

    @Test func aTypeOfTheCallersOwnIsAccepted() throws {
        let body = SerializedBody(contentType: .json, bytes: Array("{}".utf8))
        let request = try plainSerializer().serializedRequest(method: .post, url: Route(path: "/users"), body: body)
        #expect(request.url == "https://api.example.com/users")
        #expect(bodyText(request) == "{}")
    }

    @Test func aTypeOfTheCallersOwnIsCheckedToo() {
        expectSerializationError(
            .invalidURL, "Invalid URL 'https://api.example.com/a b': the space at byte 25 must be percent-encoded"
        ) {
            _ = try plainSerializer().serializedRequest(method: .get, url: Route(path: "/a b"))
        }
    }

    @Test func theConformersErrorReachesTheCaller() {
        expectSerializationError(.invalidURL, "Invalid path 'users'") {
            _ = try plainSerializer().serializedRequest(method: .get, url: Route(path: "users"))
        }
    }
}
