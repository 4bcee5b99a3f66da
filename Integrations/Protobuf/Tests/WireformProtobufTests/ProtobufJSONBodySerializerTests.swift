import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformProtobuf

/// The JSON mapping: exact text, `Content-Type` with `charset=utf-8`, options, and round trips.
@Suite struct ProtobufJSONBodySerializerTests {
    @Test func aParameterTreeIsAStructWrittenAsAPlainObjectWithSortedKeys() throws {
        let body = try ProtobufJSONBodySerializer().serialize(
            [
                "name": "bang", "ids": [1, 2.5], "admin": true, "none": .null, "user": ["b": 1, "a": "x"],
            ], context: BodySerializationContext())
        #expect(try text(body) == #"{"admin":true,"ids":[1.0,2.5],"name":"bang","none":null,"user":{"a":"x","b":1.0}}"#)
        #expect(body.contentType.description == "application/protobuf+json; charset=utf-8")
    }

    /// swift-protobuf writes a Struct's fields in `Dictionary` order, which changes from process to process.
    @Test func objectMembersAreSortedSoEveryRunGivesTheSameBytes() throws {
        let keys = (0..<40).map { "key\($0)" }
        var generator = SplitMix64(seed: 7)
        let parameters = ParameterValue.dictionary(
            ParameterDictionary(keys.shuffled(using: &generator).map { ($0, ["z": 1, "a": .string($0)]) }))
        let json = try text(ProtobufJSONBodySerializer().serialize(parameters, context: BodySerializationContext()))
        let expected = keys.sorted().map { #""\#($0)":{"a":"\#($0)","z":1.0}"# }.joined(separator: ",")
        #expect(json == "{" + expected + "}")
    }

    @Test func theCharsetCanBeChangedOrLeftOut() throws {
        let none = try ProtobufJSONBodySerializer(charset: nil).serialize(["a": 1], context: BodySerializationContext())
        #expect(none.contentType.description == "application/protobuf+json")
        let upper = try ProtobufJSONBodySerializer(charset: "UTF-8").serialize(
            ["a": 1], context: BodySerializationContext())
        #expect(upper.contentType.description == "application/protobuf+json; charset=UTF-8")
        expectSerializationError(.invalidHeader) {
            _ = try ProtobufJSONBodySerializer(charset: "utf-8\r\nX: y").serialize(
                ["a": 1], context: BodySerializationContext())
        }
    }

    @Test func wellKnownTypesUseTheirJSONForms() throws {
        let serializer = ProtobufJSONBodySerializer()
        let timestamp = Google_Protobuf_Timestamp(seconds: 1_704_164_645, nanos: 250_000_000)
        #expect(
            try text(serializer.serialize(value: timestamp, context: BodySerializationContext()))
                == #""2024-01-02T03:04:05.250Z""#)
        let duration = Google_Protobuf_Duration(seconds: 90, nanos: 500_000_000)
        #expect(try text(serializer.serialize(value: duration, context: BodySerializationContext())) == #""90.500s""#)
        let any = try Google_Protobuf_Any(message: timestamp)
        #expect(
            try text(serializer.serialize(value: any, context: BodySerializationContext()))
                == #"{"@type":"type.googleapis.com/google.protobuf.Timestamp","value":"2024-01-02T03:04:05.250Z"}"#)
        let list: Google_Protobuf_ListValue = [1, "two", nil]
        #expect(
            try text(serializer.serialize(value: list, context: BodySerializationContext())) == #"[1.0,"two",null]"#)
    }

    @Test func messagesDecodeBackWithSwiftProtobuf() throws {
        let serializer = ProtobufJSONBodySerializer()
        let timestamp = Google_Protobuf_Timestamp(seconds: -1, nanos: 999_999_999)
        #expect(
            try Google_Protobuf_Timestamp(
                jsonUTF8Bytes: bytes(serializer.serialize(value: timestamp, context: BodySerializationContext())))
                == timestamp)
        let duration = Google_Protobuf_Duration(seconds: -3, nanos: -1)
        #expect(
            try Google_Protobuf_Duration(
                jsonUTF8Bytes: bytes(serializer.serialize(value: duration, context: BodySerializationContext())))
                == duration)
        let any = try Google_Protobuf_Any(message: Google_Protobuf_Struct(parameters: ["k": [1, "v"]]))
        let decodedAny = try Google_Protobuf_Any(
            jsonUTF8Bytes: bytes(serializer.serialize(value: any, context: BodySerializationContext())))
        #expect(
            try Google_Protobuf_Struct(unpackingAny: decodedAny) == Google_Protobuf_Struct(parameters: ["k": [1, "v"]]))
        let parameters: ParameterValue = ["a": ["b": [true, .null, "é"]], "n": .number(ParameterNumber(0.1))]
        let decoded = try Google_Protobuf_Struct(
            jsonUTF8Bytes: bytes(serializer.serialize(parameters, context: BodySerializationContext())))
        #expect(decoded == (try Google_Protobuf_Struct(parameters: parameters)))
    }

    @Test func optionsChangeFieldNamesEnumsAndSixtyFourBitIntegers() throws {
        var field = Google_Protobuf_Field()
        field.kind = .typeInt64
        field.oneofIndex = 1
        field.jsonName = "x"
        #expect(
            try text(ProtobufJSONBodySerializer().serialize(value: field, context: BodySerializationContext()))
                == #"{"jsonName":"x","kind":"TYPE_INT64","oneofIndex":1}"#)
        #expect(
            try text(
                ProtobufJSONBodySerializer(options: [.preservingProtoFieldNames, .enumsAsIntegers]).serialize(
                    value: field, context: BodySerializationContext()))
                == #"{"json_name":"x","kind":3,"oneof_index":1}"#)
        let large = Google_Protobuf_Int64Value(9_007_199_254_740_993)
        #expect(
            try text(ProtobufJSONBodySerializer().serialize(value: large, context: BodySerializationContext()))
                == #""9007199254740993""#)
        #expect(
            try text(
                ProtobufJSONBodySerializer(options: .int64sAsNumbers).serialize(
                    value: large, context: BodySerializationContext()))
                == "9007199254740993")
    }

    @Test func anAnyOfAnUnknownTypeIsTheLibrarysErrorKeptAsTheUnderlyingError() throws {
        var any = Google_Protobuf_Any()
        any.typeURL = "type.googleapis.com/acme.Unknown"
        any.value = Data([0x08, 0x01])
        // The binary format carries it as it is; the JSON mapping needs the type to write its fields.
        #expect(
            try bytes(ProtobufBodySerializer().serialize(value: any, context: BodySerializationContext())).count == 38)
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        let error = expectSerializationError(
            .serializerFailed, "The serializer for 'application/protobuf+json' failed"
        ) {
            _ = try serializer.serializedRequest(
                method: .post, url: "https://example.com", body: any, format: .protobufJSON)
        }
        #expect(error?.underlyingError as? JSONEncodingError == .anyTranscodeFailure)
    }
}
