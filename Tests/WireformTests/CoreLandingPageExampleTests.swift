import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The example on the `Wireform` DocC landing page (Sources/Core/Documentation.docc/Wireform.md), with the output it
/// documents.
@Suite struct CoreLandingPageExampleTests {
    @Test func landingPageExample() throws {
        let serializer = RequestSerializer()
        let search = try serializer.serializedRequest(
            method: .get, url: "https://example.com/search", parameters: ["q": "swift", "page": 2])
        #expect(search.url == "https://example.com/search?page=2&q=swift")
        let signup = try serializer.serializedRequest(
            method: .post, url: "https://example.com/users", parameters: ["name": "bang", "tags": ["a", "b"]])
        let urlRequest = try signup.urlRequest()  // for URLSession
        #expect(urlRequest.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
        #expect(urlRequest.httpBody == Data("name=bang&tags%5B%5D=a&tags%5B%5D=b".utf8))
    }
}
