import Foundation
import HTTPTypes
import Testing
import Wireform
import WireformHTTPTypes

/// The README's swift-http-types snippet, verbatim.
@Suite struct ReadmeIntegrationTests {
    @Test func readmeHoldsTheSnippetVerbatim() throws {
        #expect(try readmeContainsSnippet())
    }

    @Test func readmeSnippetKeepsTheEscaping() throws {
        // README begin
        let (request, body) = try RequestSerializer().serializedRequest(
            method: .get, url: "https://example.com/search", parameters: ["q": "wire form"]
        ).httpRequest()  // request.path == "/search?q=wire%20form"
        let query = HTTPRequest(method: .query, scheme: "https", authority: "example.com", path: "/search")
        let serialized = try RequestSerializer().serializedRequest(query, parameters: ["q": "wire form"])
        // README end

        #expect(request.path == "/search?q=wire%20form")
        #expect(body == nil)
        #expect(serialized.method == .query)
        #expect(serialized.body?.bytes == Array("q=wire%20form".utf8))
    }
}
