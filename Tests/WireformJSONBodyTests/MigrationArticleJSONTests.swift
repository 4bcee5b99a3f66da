import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformJSONBody

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The migration article's `AFJSONRequestSerializer`, `JSONEncoding` and `JSONParameterEncoder` tables
/// (`MigratingFromAFNetworkingAndAlamofire.md`), compiled and run.
@Suite struct MigrationArticleJSONTests {
    @Test func afJSONRequestSerializerTable() throws {
        var registry = BodySerializerRegistry()
        registry.register(.json)
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .json)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["b": 1, "a": 2]
        ).urlRequest()
        #expect(request.httpBody == Data(#"{"a":2,"b":1}"#.utf8))
        registry.register(JSONBodySerializer(options: [.prettyPrinted, .sortedKeys]))
        let escaping = JSONBodySerializer(options: [.sortedKeys, .escapingSlashes])
        let slash = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["a": "/"], format: escaping)
        #expect(slash.body?.bytes == Array(#"{"a":"\/"}"#.utf8))
        let formatted = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["a": 1], format: .json)
        #expect(formatted.body?.bytes == Array(#"{"a":1}"#.utf8))
    }

    @Test func jsonEncodingTable() throws {
        struct Value: Encodable { var a = 1 }
        var registry = BodySerializerRegistry()
        registry.register(.json)
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .json)
        let value = Value()
        let pretty = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["a": 1],
            format: JSONBodySerializer(options: [.prettyPrinted, .sortedKeys]))
        #expect(pretty.body?.bytes.map { String(decoding: $0, as: UTF8.self).contains("\n") } == true)
        let fragment = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: "a",
            format: JSONBodySerializer(options: [.fragmentsAllowed]))
        #expect(fragment.body?.bytes == Array(#""a""#.utf8))
        let urlRequest = URLRequest(url: URL(string: "https://example.com")!)
        var post = urlRequest
        post.httpMethod = "POST"
        let serialized = try serializer.serialize(post, parameters: ["a": 1])
        #expect(serialized.httpBody == Data(#"{"a":1}"#.utf8))
        let object: Any = [["a": 1], ["b": NSNumber(value: true)]]
        let array = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ParameterValue(any: object), format: .json)
        #expect(array.body?.bytes == Array(#"[{"a":1},{"b":true}]"#.utf8))
        #expect(throws: SerializationError.self) { try ParameterValue(any: [NSObject()]) }
        let encoded = try serializer.serializedRequest(
            method: .post, url: "https://example.com", encoding: value, format: .json)
        #expect(encoded.body?.bytes == Array(#"{"a":1}"#.utf8))
        let put = try serializer.serializedRequest(
            method: .put, url: "https://example.com", encoding: value, format: .json)
        #expect(put.body?.bytes == Array(#"{"a":1}"#.utf8))
        let prettyOnly = try serializer.serializedRequest(
            method: .post, url: "https://example.com", encoding: value,
            format: JSONBodySerializer(options: [.prettyPrinted]))
        #expect(prettyOnly.body?.bytes != nil)
        let sorted = try serializer.serializedRequest(
            method: .post, url: "https://example.com", encoding: value,
            format: JSONBodySerializer(options: [.sortedKeys]))
        #expect(sorted.body?.bytes == Array(#"{"a":1}"#.utf8))
        let custom = try serializer.serializedRequest(
            method: .post, url: "https://example.com", encoding: value,
            format: JSONBodySerializer(encoder: JSONEncoder()))
        #expect(custom.body?.bytes == Array(#"{"a":1}"#.utf8))
    }
}
