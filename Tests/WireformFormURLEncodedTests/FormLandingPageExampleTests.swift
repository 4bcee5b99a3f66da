import Foundation
import Testing
import Wireform
import WireformFormURLEncoded
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The example on the `WireformFormURLEncoded` DocC landing page, with the output it documents.
@Suite struct FormLandingPageExampleTests {
    @Test func landingPageExample() throws {
        var registry = BodySerializerRegistry()
        registry.register(.formURLEncoded)
        // or configured, replacing it:
        registry.register(.formURLEncoded(queryStyle: .indexed, spaceEncoding: .plus, charset: "utf-8"))

        let serializer = RequestSerializer(registry: registry)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/users", parameters: ["name": "bang", "tags": ["a", "b"]]
        ).urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(request.httpBody == Data("name=bang&tags%5B0%5D=a&tags%5B1%5D=b".utf8))
    }
}
