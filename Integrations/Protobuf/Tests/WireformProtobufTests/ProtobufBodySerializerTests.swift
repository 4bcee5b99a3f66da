import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformProtobuf

/// The binary format: exact bytes, deterministic order, and round trips through swift-protobuf's decoder.
@Suite struct ProtobufBodySerializerTests {
    @Test func aParameterTreeIsAStructInExactBytes() throws {
        let body = try ProtobufBodySerializer().serialize(["a": true], context: BodySerializationContext())
        // Struct.fields entry (field 1, length 7): key (field 1) "a", value (field 2, length 2): bool_value (field 4) 1.
        #expect(try bytes(body) == [0x0A, 0x07, 0x0A, 0x01, 0x61, 0x12, 0x02, 0x20, 0x01])
        #expect(body.body.length == .known(9))
        #expect(body.contentType.description == "application/protobuf")
    }

    @Test func mapEntriesAreSortedWhateverTheInsertionOrder() throws {
        let expected: [UInt8] = [
            0x0A, 0x08, 0x0A, 0x01, 0x61, 0x12, 0x03, 0x1A, 0x01, 0x78,  // "a": string_value (field 3) "x"
            0x0A, 0x0E, 0x0A, 0x01, 0x62, 0x12, 0x09, 0x11,  // "b": number_value (field 2, 64-bit)
            0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xF0, 0x3F,  // 1.0, little-endian
        ]
        #expect(
            try bytes(ProtobufBodySerializer().serialize(["b": 1, "a": "x"], context: BodySerializationContext()))
                == expected)
        #expect(
            try bytes(ProtobufBodySerializer().serialize(["a": "x", "b": 1], context: BodySerializationContext()))
                == expected)
        let keys = (0..<40).map { "key\($0)" }
        var previous: [UInt8]?
        for seed in 0..<10 {
            var generator = SplitMix64(seed: UInt64(seed))
            let shuffled = keys.shuffled(using: &generator)
            let body = try bytes(
                ProtobufBodySerializer().serialize(
                    .dictionary(ParameterDictionary(shuffled.map { ($0, .string($0)) })),
                    context: BodySerializationContext())
            )
            if let previous { #expect(body == previous) }
            previous = body
        }
    }

    @Test func aParameterTreeDecodesBackWithSwiftProtobuf() throws {
        let parameters: ParameterValue = [
            "name": "bang ✓", "ids": [1, 2.5, -3], "admin": false, "none": .null,
            "user": ["tags": .set(["z", "é", "a"]), "when": .date(Date(timeIntervalSince1970: 86_400))],
        ]
        let body = try ProtobufBodySerializer(dateEncoding: .iso8601).serialize(
            parameters, context: BodySerializationContext())
        let decoded = try Google_Protobuf_Struct(serializedBytes: try bytes(body))
        #expect(decoded == (try Google_Protobuf_Struct(parameters: parameters, dateEncoding: .iso8601)))
        #expect(decoded.fields["user"]?.structValue.fields["when"] == "1970-01-02T00:00:00Z")
        #expect(
            decoded.fields["user"]?.structValue.fields["tags"] == Google_Protobuf_Value(listValue: ["a", "z", "é"]))
    }

    @Test func wellKnownTypesRoundTrip() throws {
        let serializer = ProtobufBodySerializer()
        let timestamp = Google_Protobuf_Timestamp(seconds: 1, nanos: 2)
        #expect(
            try bytes(serializer.serialize(value: timestamp, context: BodySerializationContext())) == [
                0x08, 0x01, 0x10, 0x02,
            ])
        #expect(
            try Google_Protobuf_Timestamp(
                serializedBytes: bytes(serializer.serialize(value: timestamp, context: BodySerializationContext())))
                == timestamp)

        let duration = Google_Protobuf_Duration(seconds: -90, nanos: -500_000_000)
        #expect(
            try Google_Protobuf_Duration(
                serializedBytes: bytes(serializer.serialize(value: duration, context: BodySerializationContext())))
                == duration)

        let list: Google_Protobuf_ListValue = [1, "two", nil, true, Google_Protobuf_Value(structValue: ["k": "v"])]
        #expect(
            try Google_Protobuf_ListValue(
                serializedBytes: bytes(serializer.serialize(value: list, context: BodySerializationContext()))) == list)

        let value = Google_Protobuf_Value(listValue: list)
        #expect(
            try Google_Protobuf_Value(
                serializedBytes: bytes(serializer.serialize(value: value, context: BodySerializationContext())))
                == value)

        let any = try Google_Protobuf_Any(message: timestamp)
        let decodedAny = try Google_Protobuf_Any(
            serializedBytes: bytes(serializer.serialize(value: any, context: BodySerializationContext())))
        #expect(decodedAny.typeURL == "type.googleapis.com/google.protobuf.Timestamp")
        #expect(try Google_Protobuf_Timestamp(unpackingAny: decodedAny) == timestamp)
    }

    @Test(arguments: ContentType.protobufAliases)
    func anAliasIsSentAsTheContentType(alias: ContentType) throws {
        let body = try ProtobufBodySerializer(mediaType: alias).serialize(
            ["a": true], context: BodySerializationContext())
        #expect(body.contentType == alias)
        #expect(try bytes(body) == [0x0A, 0x07, 0x0A, 0x01, 0x61, 0x12, 0x02, 0x20, 0x01])
    }

    @Test func theMediaTypesAreTheOnesInTheWild() {
        #expect(ContentType.protobuf.description == "application/protobuf")
        #expect(ContentType.protobufJSON.description == "application/protobuf+json")
        #expect(
            ContentType.protobufAliases.map(\.description) == [
                "application/x-protobuf", "application/vnd.google.protobuf", "application/x-protobuffer",
            ])
    }

    @Test func requestsWithoutParametersHaveNoBody() throws {
        var registry = BodySerializerRegistry()
        registry.register(ProtobufBodySerializer())
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .protobuf, includesDefaultHeaders: false)
        let request = try serializer.serializedRequest(method: .post, url: "https://example.com")
        #expect(request.body == nil)
        #expect(headerLines(request.headers) == [])
    }

    @Test func isSendableAndGivesTheSameBytesFromManyTasks() async throws {
        let serializer = ProtobufBodySerializer()
        let parameters: ParameterValue = ["b": [1, 2], "a": ["x": "y"]]
        let expected = try bytes(serializer.serialize(parameters, context: BodySerializationContext()))
        try await withThrowingTaskGroup(of: [UInt8]?.self) { group in
            for _ in 0..<50 {
                group.addTask { try serializer.serialize(parameters, context: BodySerializationContext()).body.bytes }
            }
            for try await result in group { #expect(result == expected) }
        }
    }
}

/// A seeded generator, so that the shuffles are the same on every run.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
