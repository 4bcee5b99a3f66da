// The code of the article "Writing your own body serializer"
// (Sources/Core/Documentation.docc/WritingYourOwnBodySerializer.md), verbatim: ArticleCodeTests checks that each
// region between `// article code N` and `// end of article code` is the article's Nth Swift code block. Change
// the article and this file together.

// article code 3
import Testing
import Wireform

@Suite struct ProtobufSerializerTests {
    let serializer = ProtobufSerializer(schema: ["id": 1, "name": 2])

    @Test func writesExactBytes() throws {
        let body = try serializer.serialize(["id": 150, "name": "bang"])
        // Length 9; id: tag 0x08, varint 150 = 0x96 0x01; name: tag 0x12, length 4, "bang".
        #expect(body.body.bytes == [0x09, 0x08, 0x96, 0x01, 0x12, 0x04, 0x62, 0x61, 0x6E, 0x67])
        #expect(body.body.length == .known(10))
        #expect(body.contentType.description == "application/x-protobuf")
    }

    @Test(arguments: [
        "application/x-protobuf", "Application/X-Protobuf; proto=acme.User", "application/vnd.acme.user+x-protobuf",
    ])
    func theRegistryFindsIt(mediaType: String) throws {
        let registry = BodySerializerRegistry([serializer])
        #expect(try registry.serializer(for: MediaType(validating: mediaType)) is ProtobufSerializer)
    }

    @Test func badInputIsASerializationErrorThatNamesTheField() {
        let error = #expect(throws: SerializationError.self) { try serializer.serialize(["id": -1]) }
        #expect(error?.code == .unsupportedValue)
        #expect(error?.reason == "Field 'id' needs an unsigned integer, not -1")
    }

    @Test func itsOwnErrorsArriveAsSerializerFailed() {
        let broken = RequestSerializer(
            registry: BodySerializerRegistry([.protobuf(schema: ["id": 0])]), bodyMediaType: .protobuf)
        let error = #expect(throws: SerializationError.self) {
            try broken.serializedRequest(method: .post, url: "https://example.com", parameters: ["id": 1])
        }
        #expect(error?.code == .serializerFailed)
        #expect(error?.underlyingError is InvalidFieldNumber)
        #expect(
            error?.description
                == "The serializer for 'application/x-protobuf' failed: Field 'id' has number 0; "
                + "protobuf allows 1 to 536870911")
    }

    @Test func aRequestWithoutParametersGetsAnEmptyMessage() throws {
        let requests = RequestSerializer(
            registry: BodySerializerRegistry([serializer]), bodyMediaType: .protobuf, includesDefaultHeaders: false)
        let request = try requests.serializedRequest(method: .post, url: "https://example.com")
        #expect(request.body?.bytes == [0x00])
        #expect(
            request.headers.map { "\($0.name): \($0.value)" } == [
                "Content-Type: application/x-protobuf", "Content-Length: 1",
            ])
    }

    @Test func isSendableAndGivesTheSameBytesFromManyTasks() async throws {
        let expected = try serializer.serialize(["id": 150]).body.bytes
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<100 {
                group.addTask { [serializer] in try serializer.serialize(["id": 150]).body.bytes }
            }
            for try await bytes in group { #expect(bytes == expected) }
        }
    }
}
// end of article code
