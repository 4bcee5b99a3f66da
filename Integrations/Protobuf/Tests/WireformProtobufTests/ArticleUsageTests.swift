// Code of the article "Writing your own body serializer" (Sources/Core/Documentation.docc/WritingYourOwnBodySerializer.md
// in the root package), verbatim: the root package's ArticleCodeTests checks that each region between
// `// article code N` and `// end of article code` is the article's Nth Swift code block. Change them together.

import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformJSONBody
import WireformProtobuf

/// The article's "Registering and using it", with the bytes and headers it describes.
@Suite struct ArticleUsageTests {
    @Test func registeringAndUsingIt() throws {
        // article code 3
        var registry = BodySerializerRegistry()
        registry.register(.json)
        registry.register(.protobuf)
        registry.register(.protobufJSON)  // the exact type wins over the `+json` fallback to JSON

        var serializer = RequestSerializer(registry: registry)
        serializer.bodyMediaType = .protobuf  // or send `Content-Type: application/protobuf` per request
        let users = try serializer.serializedRequest(
            method: .post, url: "https://example.com/users", parameters: ["id": 150, "name": "bang"])
        // A google.protobuf.Struct; Content-Type: application/protobuf, Content-Length: 33

        let stamp = Google_Protobuf_Timestamp(seconds: 1_704_164_645)
        let touched = try serializer.serializedRequest(
            method: .put, url: "https://example.com/users/150", query: ["v": 2], body: stamp, format: .protobuf)
        // PUT /users/150?v=2; Content-Type: application/protobuf, Content-Length: 6
        // end of article code
        #expect(try Google_Protobuf_Struct(serializedBytes: bytes(users)) == ["id": 150, "name": "bang"])
        #expect(try hex(bytes(users)) == "0a0f0a0269641209110000000000c062400a0e0a046e616d6512061a0462616e67")
        #expect(users.headers[.contentType] == "application/protobuf")
        #expect(users.headers[.contentLength] == "33")
        #expect(touched.method == .put)
        #expect(touched.url == "https://example.com/users/150?v=2")
        #expect(try bytes(touched) == [0x08, 0xA5, 0xFA, 0xCD, 0xAC, 0x06])
        #expect(touched.headers[.contentType] == "application/protobuf")
        #expect(touched.headers[.contentLength] == "6")
    }
}
