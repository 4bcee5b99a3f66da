import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformJSONBody

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The README's JSON and `Encodable` examples, with the output it documents.
@Suite struct ReadmeJSONExampleTests {
    @Test func jsonExample() throws {
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

    @Test func encodableAndAnyExample() throws {
        struct Search: Encodable {
            var query: String
            var page: Int
            var since: Date?
        }
        let query = try ParameterValueEncoder(keyEncodingStrategy: .convertToSnakeCase).encode(
            Search(query: "swift", page: 2)
        )
        #expect(query == ["query": "swift", "page": 2])
        let legacy = try ParameterValue(any: ["user": ["name": "bang"], "admin": NSNumber(value: true)])
        #expect(legacy == ["admin": true, "user": ["name": "bang"]])
    }
}
