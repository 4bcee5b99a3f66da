import Foundation
import HTTPTypes
import Testing
import Wireform
import WireformHTTPTypes
import WireformMultipart

@Suite struct RequestSerializerHTTPTypesTests {
    @Test func getParametersGoInTheQuery() throws {
        var request = HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/search?lang=en")
        request.headerFields[.accept] = "application/json"
        let serialized = try RequestSerializer().serializedRequest(request, parameters: ["q": "wire form"])
        #expect(serialized.method == .get)
        #expect(serialized.url == "https://example.com/search?lang=en&q=wire%20form")
        #expect(serialized.headers[.accept] == "application/json")
        #expect(serialized.body == nil)
    }

    @Test func postParametersGoInTheBody() throws {
        let request = HTTPRequest(method: .post, scheme: "http", authority: "127.0.0.1:8080", path: "/users")
        let serialized = try RequestSerializer().serializedRequest(request, parameters: ["name": "Zoë"])
        #expect(serialized.url == "http://127.0.0.1:8080/users")
        #expect(serialized.body?.bytes == Array("name=Zo%C3%AB".utf8))
        #expect(serialized.headers[.contentLength] == "13")
    }

    @Test func bodyOfYourOwnIsAttached() throws {
        var form = try MultipartForm(boundary: .constant("b"))
        form.append("1", name: "n")
        let request = HTTPRequest(method: .query, scheme: "http", authority: "127.0.0.1", path: "/search")
        let serialized = try RequestSerializer().serializedRequest(
            request, query: ["page": 2], body: form.serializedBody)
        #expect(serialized.method == .query)
        #expect(serialized.url == "http://127.0.0.1/search?page=2")
        #expect(serialized.headers[.contentType] == "multipart/form-data; boundary=b")
    }

    @Test func requestWithoutSchemeOrAuthorityIsRefused() throws {
        let request = HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/users")
        let error = #expect(throws: SerializationError.self) {
            try RequestSerializer().serializedRequest(request, parameters: nil)
        }
        #expect(error?.code == .invalidURL)
        #expect(error?.reason == "The request to '/users' has no scheme and authority, so it has no URL")
    }

    @Test func pathThatIsNotOriginFormIsRefused() throws {
        let request = HTTPRequest(method: .options, scheme: "https", authority: "example.com", path: "*")
        let error = #expect(throws: SerializationError.self) {
            try RequestSerializer().serializedRequest(request, parameters: nil)
        }
        #expect(error?.code == .invalidURL)
        #expect(error?.reason == "The request's path '*' does not start with '/', so it is not part of a URL")
    }

    @Test func partsAreCheckedAsURLText() throws {
        let request = HTTPRequest(method: .get, scheme: "https", authority: "example.com", path: "/a b")
        let error = #expect(throws: SerializationError.self) {
            try RequestSerializer().serializedRequest(request, parameters: nil)
        }
        #expect(error?.code == .invalidURL)
        #expect(error?.reason == "Invalid URL 'https://example.com/a b': the space at byte 21 must be percent-encoded")
    }

    @Test func roundTripKeepsTheURLAndHeaders() throws {
        var headers = HeaderFields()
        try headers.setValue("t", for: Wireform.HeaderFields.Name("X-Trace")!)
        let original = try RequestSerializer().serializedRequest(
            method: .delete, url: "https://example.com/items/%C3%A9?x=%2B", headers: headers)
        let (request, _) = try original.httpRequest()
        let again = try RequestSerializer().serializedRequest(request, parameters: nil)
        #expect(again.url == original.url)
        #expect(again.headers == original.headers)
        #expect(again.method == .delete)
    }
}
