// Code of the article "Writing your own body serializer" (Sources/Core/Documentation.docc/WritingYourOwnBodySerializer.md
// in the root package), verbatim: the root package's ArticleCodeTests checks that each region between
// `// article code N` and `// end of article code` is the article's Nth Swift code block. Change them together.

import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformJSONBody
import WireformProtobuf

// article code 4
@Suite struct ProtobufConformanceTests {
    let serializer = ProtobufBodySerializer()

    @Test func writesExactBytes() throws {
        let body = try serializer.serialize(["a": true], context: BodySerializationContext())
        // Struct.fields entry (field 1, length 7): key "a", value (length 2): bool_value (field 4) = 1.
        #expect(body.body.bytes == [0x0A, 0x07, 0x0A, 0x01, 0x61, 0x12, 0x02, 0x20, 0x01])
        #expect(body.contentType.description == "application/protobuf")
        // A second decoder agrees: swift-protobuf reads back the same message.
        #expect(try Google_Protobuf_Struct(serializedBytes: body.body.bytes ?? []) == ["a": true])
    }

    @Test(arguments: [
        "application/protobuf", "Application/Protobuf; proto=acme.Event", "application/vnd.acme.event+protobuf",
    ])
    func theRegistryFindsIt(mediaType: String) throws {
        var registry = BodySerializerRegistry()
        registry.register(serializer)
        #expect(try registry.serializer(for: #require(ContentType(mediaType))) is ProtobufBodySerializer)
    }

    @Test func anExactRegistrationBeatsTheSuffixFallback() throws {
        var registry = BodySerializerRegistry()
        registry.register(.json)
        #expect(try registry.serializer(for: .protobufJSON) is JSONBodySerializer)  // `+json` → application/json
        registry.register(.protobufJSON)
        #expect(try registry.serializer(for: .protobufJSON) is ProtobufJSONBodySerializer)
    }

    @Test func badInputIsASerializationErrorThatNamesTheKeyPath() {
        let error = #expect(throws: SerializationError.self) {
            try serializer.serialize(["user": ["avatar": .data(Data([1]))]], context: BodySerializationContext())
        }
        #expect(error?.code == .unsupportedValue)
        #expect(
            error?.reason == "Data at 'user.avatar' cannot be written in a protobuf Struct, which has no bytes value")
    }

    @Test func theLibrarysOwnErrorsArriveAsSerializerFailed() {
        var unknown = Google_Protobuf_Any()
        unknown.typeURL = "type.googleapis.com/acme.Unknown"
        unknown.value = Data([0x08, 0x01])  // the JSON mapping must decode it to write its fields, and cannot
        let error = #expect(throws: SerializationError.self) {
            try RequestSerializer().serializedRequest(
                method: .post, url: "https://example.com", body: unknown, format: .protobufJSON)
        }
        #expect(error?.code == .serializerFailed)
        #expect(error?.underlyingError as? JSONEncodingError == .anyTranscodeFailure)
    }

    @Test func aRequestWithoutParametersHasNoBody() throws {
        var registry = BodySerializerRegistry()
        registry.register(serializer)
        let requests = RequestSerializer(registry: registry, bodyMediaType: .protobuf, includesDefaultHeaders: false)
        let request = try requests.serializedRequest(method: .post, url: "https://example.com")
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
    }

    @Test func isSendableAndGivesTheSameBytesFromManyTasks() async throws {
        let parameters: ParameterValue = ["b": [1, 2], "a": ["x": "y"]]
        let expected = try serializer.serialize(parameters, context: BodySerializationContext()).body.bytes
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<100 {
                group.addTask { [serializer] in
                    try serializer.serialize(parameters, context: BodySerializationContext()).body.bytes
                }
            }
            for try await bytes in group { #expect(bytes == expected) }
        }
    }
}
// end of article code
