import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformJSONBody

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The examples on the `WireformJSONBody` DocC landing page, with the output they document.
@Suite struct JSONLandingPageExampleTests {
    @Test func overviewExample() throws {
        var registry = BodySerializerRegistry()
        registry.register(.json)
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .json)

        let request = try serializer.serializedRequest(
            method: .post,
            url: "https://example.com/users",
            parameters: ["name": "bang", "tags": ["a", "b"], "admin": true]
        ).urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
        #expect(request.httpBody == Data(#"{"admin":true,"name":"bang","tags":["a","b"]}"#.utf8))
    }

    @Test func serializerOnItsOwn() throws {
        let body = try JSONBodySerializer().serialize(["page": 2], context: BodySerializationContext())
        #expect(body.body.bytes == Array(#"{"page":2}"#.utf8))
    }

    @Test func configuredFactory() throws {
        var registry = BodySerializerRegistry()
        registry.register(.json(options: [.sortedKeys, .prettyPrinted], dateEncoding: .millisecondsSince1970))
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .json)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/events",
            parameters: ["at": .date(Date(timeIntervalSince1970: 1_704_164_645.25)), "none": [:]])
        #expect(request.body?.bytes == Array("{\n  \"at\" : 1704164645250,\n  \"none\" : {}\n}".utf8))
    }

    @Test func sortedKeysUseByteOrder() throws {
        let body = try JSONBodySerializer().serialize(
            ["a10": 3, "a": 2, "B": 1, "a2": 4], context: BodySerializationContext())
        #expect(body.body.bytes == Array(#"{"B":1,"a":2,"a10":3,"a2":4}"#.utf8))
    }

    @Test func ownJSONEncoder() throws {
        struct Profile: Encodable { var userName = "bang" }
        var registry = BodySerializerRegistry()
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        registry.register(JSONBodySerializer(encoder: encoder))
        let request = try RequestSerializer(registry: registry, bodyMediaType: .json).serializedRequest(
            method: .post, url: "https://example.com/profiles", encoding: Profile())
        #expect(request.body?.bytes == Array(#"{"user_name":"bang"}"#.utf8))
    }
}
