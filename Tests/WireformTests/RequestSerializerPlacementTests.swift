import Foundation
import Testing
import Wireform

/// Where parameters and `Encodable` fields go, as a named choice (`placement:`), and `query:` parameters, which always
/// go in the URL, beside them.
@Suite struct RequestSerializerPlacementTests {
    private let url = "https://example.com/a"

    struct Filter: Encodable {
        var name: String
        var page: Int
    }

    @Test(arguments: [RequestMethod.post, .put, .patch, RequestMethod("PROPFIND")!])
    func queryPlacementPutsParametersInTheURLWhateverTheMethod(method: RequestMethod) throws {
        let request = try plainSerializer().serializedRequest(
            method: method, url: url, parameters: ["n": 1, "q": "a b"], placement: .query)
        #expect(request.url == "https://example.com/a?n=1&q=a%20b")
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
    }

    @Test(arguments: [RequestMethod.delete, .post, RequestMethod("PROPFIND")!])
    func bodyPlacementPutsParametersInTheBodyWhateverTheMethod(method: RequestMethod) throws {
        let request = try plainSerializer().serializedRequest(
            method: method, url: url, parameters: ["n": 1], placement: .body)
        #expect(request.url == url)
        #expect(bodyText(request) == "n=1")
        #expect(
            headerLines(request.headers) == ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 3"])
    }

    @Test(arguments: [RequestMethod.get, .head])
    func bodyPlacementRefusesGetAndHead(method: RequestMethod) {
        let reason = "A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that takes one"
        expectSerializationError(.unsupportedBody, reason) {
            _ = try plainSerializer().serializedRequest(
                method: method, url: url, parameters: ["n": 1], placement: .body)
        }
        expectSerializationError(.unsupportedBody, reason) {
            _ = try plainSerializer().serializedRequest(
                method: method, url: url, encoding: Filter(name: "x", page: 1), placement: .body)
        }
    }

    @Test func queryPlacementIgnoresTheFormatEvenAMultipartOne() throws {
        let multipart = TaggedSerializer(.multipartFormData, tag: "parts")
        let request = try plainSerializer().serializedRequest(
            method: .post, url: url, parameters: ["n": 1], format: multipart, placement: .query)
        #expect(request.url == "https://example.com/a?n=1")
        #expect(request.body == nil)
    }

    @Test func anEncodableValueFollowsThePlacement() throws {
        let value = Filter(name: "a b", page: 2)
        let query = try plainSerializer().serializedRequest(
            method: .post, url: url, encoding: value, placement: .query)
        #expect(query.url == "https://example.com/a?name=a%20b&page=2")
        #expect(query.body == nil)
        let body = try plainSerializer().serializedRequest(
            method: .delete, url: url, encoding: value, placement: .body)
        #expect(body.url == url)
        #expect(bodyText(body) == "name=a%20b&page=2")
        let automatic = try plainSerializer().serializedRequest(method: .delete, url: url, encoding: value)
        #expect(automatic.url == "https://example.com/a?name=a%20b&page=2")
    }

    @Test func queryParametersGoInTheURLBeforeParametersRoutedThere() throws {
        let get = try plainSerializer().serializedRequest(
            method: .get, url: "https://example.com/a?x=0#top", query: ["v": 2], parameters: ["n": 1])
        #expect(get.url == "https://example.com/a?x=0&v=2&n=1#top")
        let encoded = try plainSerializer().serializedRequest(
            method: .get, url: url, query: ["v": 2], encoding: Filter(name: "x", page: 1))
        #expect(encoded.url == "https://example.com/a?v=2&name=x&page=1")
    }

    @Test func queryParametersStayInTheURLWhenTheParametersGoInTheBody() throws {
        let post = try plainSerializer().serializedRequest(
            method: .post, url: url, query: ["v": 2], parameters: ["n": 1])
        #expect(post.url == "https://example.com/a?v=2")
        #expect(bodyText(post) == "n=1")
        let encoded = try plainSerializer().serializedRequest(
            method: .put, url: url, query: ["v": 2], encoding: Filter(name: "x", page: 1))
        #expect(encoded.url == "https://example.com/a?v=2")
        #expect(bodyText(encoded) == "name=x&page=1")
        let alone = try plainSerializer().serializedRequest(method: .delete, url: url, query: ["v": 2])
        #expect(alone.url == "https://example.com/a?v=2")
        #expect(alone.body == nil)
    }

    @Test func queryParametersUseTheSerializersQueryStyle() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .indexed
        let request = try serializer.serializedRequest(
            method: .post, url: url, query: ["ids": [7, 8]], parameters: ["ids": [1]])
        #expect(request.url == "https://example.com/a?ids%5B0%5D=7&ids%5B1%5D=8")
        #expect(bodyText(request) == "ids%5B0%5D=1")
    }
}
