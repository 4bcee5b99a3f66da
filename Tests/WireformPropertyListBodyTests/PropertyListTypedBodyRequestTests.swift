import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// An `Encodable` value goes in a property-list body, with the URL's query beside it:
/// `serializedRequest(method:url:query:encoding:format:placement:)` with `placement: .body`.
@Suite struct PropertyListTypedBodyRequestTests {
    struct Settings: Codable, Equatable {
        var name: String
        var limit: Int
    }

    @Test func anEncodableValueIsTheBodyAndDecodesBack() throws {
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        let settings = Settings(name: "bang", limit: 3)
        let request = try serializer.serializedRequest(
            method: .put, url: "https://example.com/settings", query: ["v": 2], encoding: settings,
            format: .propertyList(format: .binary), placement: .body)
        #expect(request.url == "https://example.com/settings?v=2")
        let bytes = try #require(request.body?.bytes)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try PropertyListDecoder().decode(Settings.self, from: Data(bytes)) == settings)
        #expect(request.headers[.contentType] == "application/x-plist")
        #expect(request.headers[.contentLength] == String(bytes.count))
    }
}
