// The code of the article "Writing your own body serializer"
// (Sources/Core/Documentation.docc/WritingYourOwnBodySerializer.md), verbatim: ArticleCodeTests checks that each
// region between `// article code N` and `// end of article code` is the article's Nth Swift code block. Change
// the article and this file together.

import Testing
import Wireform

/// The article's "Registering and using it", with the bytes and headers it describes.
@Suite struct ProtobufSerializerUsageTests {
    @Test func registeringAndUsingIt() throws {
        // article code 2
        var registry = BodySerializerRegistry()
        registry.register(.protobuf(schema: ["id": 1, "name": 2]))

        var serializer = RequestSerializer(registry: registry)  // form bodies need no registration
        serializer.bodyMediaType = .protobuf  // or send `Content-Type: application/x-protobuf` per request
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/users", parameters: ["id": 150, "name": "bang"])
        // Content-Type: application/x-protobuf, Content-Length: 10

        // A message you encoded yourself gets the same default headers, Content-Type and Content-Length.
        let encoded = SerializedBody(contentType: .protobuf, bytes: [0x03, 0x08, 0x96, 0x01])
        let ready = try serializer.serializedRequest(method: .put, url: "https://example.com/users/150", body: encoded)
        // end of article code
        #expect(request.body?.bytes == [0x09, 0x08, 0x96, 0x01, 0x12, 0x04, 0x62, 0x61, 0x6E, 0x67])
        #expect(request.headers[.contentType] == "application/x-protobuf")
        #expect(request.headers[.contentLength] == "10")
        #expect(ready.method == .put)
        #expect(ready.body?.bytes == [0x03, 0x08, 0x96, 0x01])
        #expect(ready.headers[.contentType] == "application/x-protobuf")
        #expect(ready.headers[.contentLength] == "4")
        #expect(ready.headers[.userAgent] != nil)
    }
}
