import Foundation
import Testing
import Wireform
import WireformFormURLEncoded
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The README's examples, with the output it documents.
@Suite struct ReadmeExampleTests {
    @Test func usageExample() throws {
        var serializer = RequestSerializer()  // form bodies need no set-up
        try serializer.setBearerToken("abc123")

        let parameters: ParameterValue = [
            "user": ["name": "bang", "phone": ["home": "xx"]], "families": ["father", "mother"],
        ]
        let get = try serializer.serializedRequest(
            method: .get, url: "https://example.com/users", parameters: parameters)
        let query = "families%5B%5D=father&families%5B%5D=mother&user%5Bname%5D=bang&user%5Bphone%5D%5Bhome%5D=xx"
        #expect(get.url == "https://example.com/users?" + query)
        #expect(get.headers[.authorization] == "Bearer abc123")
        let post = try serializer.serializedRequest(
            method: .post, url: "https://example.com/users", parameters: parameters)
        let urlRequest = try post.urlRequest()  // for URLSession
        #expect(urlRequest.httpBody == Data(query.utf8))
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(urlRequest.value(forHTTPHeaderField: "Authorization") == "Bearer abc123")
        let registered = RequestSerializer(registry: BodySerializerRegistry([.formURLEncoded]))
        #expect(
            try registered.serializedRequest(method: .post, url: "https://example.com/users", parameters: parameters)
                .urlRequest().httpBody == urlRequest.httpBody)
    }

    @Test func queryStylesExample() throws {
        let tags: ParameterValue = ["tags": ["a", "b"], "filter": ["size": 10]]
        #expect(
            try StandardQueryStyle.brackets.queryString(for: tags) == "filter%5Bsize%5D=10&tags%5B%5D=a&tags%5B%5D=b")
        #expect(try StandardQueryStyle.repeated.queryString(for: tags) == "filter%5Bsize%5D=10&tags=a&tags=b")
        #expect(
            try StandardQueryStyle.indexed.queryString(for: tags) == "filter%5Bsize%5D=10&tags%5B0%5D=a&tags%5B1%5D=b")
        #expect(try StandardQueryStyle.commaDelimited.queryString(for: tags) == "filter%5Bsize%5D=10&tags=a,b")
        #expect(try StandardQueryStyle.dotted.queryString(for: tags) == "filter.size=10&tags%5B0%5D=a&tags%5B1%5D=b")
    }
}
