import Foundation
import Testing
import Wireform

@Suite struct NDJSONSerializerTests {
    @Test func writesOneJSONValuePerLine() throws {
        let body = try NDJSONSerializer().serialize([["id": 1, "tags": ["a", "b"]], "line\nbreak", .null, true])
        #expect(
            body.body.bytes
                == Array("{\"id\":1,\"tags\":[\"a\",\"b\"]}\n\"line\\nbreak\"\nnull\ntrue\n".utf8)
        )
        #expect(body.contentType.description == "application/x-ndjson")
    }

    @Test func encodesEncodableValuesItselfOneElementPerLine() throws {
        struct Event: Encodable {
            var id: Int
            var kind: String
        }
        let body = try NDJSONSerializer().serialize(encodable: [Event(id: 1, kind: "a/b"), Event(id: 2, kind: "c")])
        #expect(body.body.bytes == Array("{\"id\":1,\"kind\":\"a/b\"}\n{\"id\":2,\"kind\":\"c\"}\n".utf8))
    }

    @Test func theRequestSerializerHandsItEncodableValuesWhole() throws {
        struct Event: Encodable {
            var id: Int
        }
        var registry = BodySerializerRegistry()
        registry.register(NDJSONSerializer())
        var serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        serializer.bodyMediaType = ContentType("application/x-ndjson")!
        let request = try serializer.serializedRequest(
            method: .post, url: URL(string: "https://example.com/events")!, encoding: [Event(id: 1), Event(id: 2)])
        #expect(request.body?.bytes == Array("{\"id\":1}\n{\"id\":2}\n".utf8))
        #expect(request.headers[.contentType] == "application/x-ndjson")
        #expect(request.headers[.contentLength] == "18")
    }
}
