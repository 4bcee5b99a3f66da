import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformJSONBody
import WireformProtobuf

/// The protobuf formats join the registry exactly as Wireform's own formats do, and exact registration beats the
/// structured-suffix fallback.
@Suite struct ProtobufRegistrationTests {
    @Test(arguments: [
        "application/protobuf", "Application/Protobuf; proto=acme.Event", "application/vnd.acme.event+protobuf",
    ])
    func theRegistryFindsTheBinaryFormat(mediaType: String) throws {
        var registry = BodySerializerRegistry()
        registry.register(.protobuf)
        #expect(try registry.serializer(for: #require(ContentType(mediaType))) is ProtobufBodySerializer)
    }

    @Test func eachAliasIsRegisteredUnderItselfAndSendsItself() throws {
        var registry = BodySerializerRegistry()
        registry.register(.protobuf)
        for alias in ContentType.protobufAliases {
            registry.register(.protobuf(mediaType: alias))
        }
        #expect(
            ContentType.protobufAliases.map(\.description) == [
                "application/x-protobuf", "application/vnd.google.protobuf", "application/x-protobuffer",
            ])
        for alias in [ContentType.protobuf] + ContentType.protobufAliases {
            let serializer = RequestSerializer(registry: registry, bodyMediaType: alias, includesDefaultHeaders: false)
            let request = try serializer.serializedRequest(
                method: .post, url: "https://example.com", parameters: ["a": true])
            #expect(headerLines(request.headers) == ["Content-Type: \(alias)", "Content-Length: 9"])
            #expect(try bytes(request) == [0x0A, 0x07, 0x0A, 0x01, 0x61, 0x12, 0x02, 0x20, 0x01])
        }
    }

    @Test func withoutTheJSONMappingTheSuffixFallsBackToWireformsJSON() throws {
        var registry = BodySerializerRegistry()
        registry.register(.json)
        #expect(try registry.serializer(for: .protobufJSON) is JSONBodySerializer)
        let serializer = RequestSerializer(
            registry: registry, bodyMediaType: .protobufJSON, includesDefaultHeaders: false)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["at": .date(Date(timeIntervalSince1970: 0))])
        #expect(String(decoding: try bytes(request), as: UTF8.self) == #"{"at":"1970-01-01T00:00:00Z"}"#)
        #expect(headerLines(request.headers) == ["Content-Type: application/json", "Content-Length: 29"])
    }

    @Test(arguments: [true, false])
    func registeringTheJSONMappingWinsOverTheSuffixFallback(jsonFirst: Bool) throws {
        var registry = BodySerializerRegistry()
        if jsonFirst { registry.register(.json) }
        registry.register(.protobufJSON)
        if !jsonFirst { registry.register(.json) }
        #expect(try registry.serializer(for: .protobufJSON) is ProtobufJSONBodySerializer)
        #expect(
            try registry.serializer(for: #require(ContentType("Application/Protobuf+JSON; charset=utf-8")))
                is ProtobufJSONBodySerializer)
        #expect(try registry.serializer(for: #require(ContentType("application/vnd.api+json"))) is JSONBodySerializer)
        #expect(try registry.serializer(for: .json) is JSONBodySerializer)

        let serializer = RequestSerializer(
            registry: registry, bodyMediaType: .protobufJSON, includesDefaultHeaders: false)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["b": 1, "a": [true]])
        #expect(String(decoding: try bytes(request), as: UTF8.self) == #"{"a":[true],"b":1.0}"#)
        #expect(
            headerLines(request.headers) == [
                "Content-Type: application/protobuf+json; charset=utf-8", "Content-Length: 20",
            ])
        // The plain JSON serializer would have written the date; the JSON mapping's Struct has no date value.
        expectSerializationError(.unsupportedValue) {
            _ = try serializer.serializedRequest(
                method: .post, url: "https://example.com", parameters: ["at": .date(Date(timeIntervalSince1970: 0))])
        }
    }

    @Test func theCallersContentTypeChoosesTheProtobufFormat() throws {
        var registry = BodySerializerRegistry()
        registry.register(.json)
        registry.register(.protobuf)
        registry.register(.protobufJSON)
        let serializer = RequestSerializer(registry: registry, bodyMediaType: .json, includesDefaultHeaders: false)
        let binary = try serializer.serializedRequest(
            method: .put, url: "https://example.com",
            headers: HeaderFields(validating: [("Content-Type", "application/protobuf")]),
            parameters: ["a": true])
        #expect(try bytes(binary) == [0x0A, 0x07, 0x0A, 0x01, 0x61, 0x12, 0x02, 0x20, 0x01])
        let json = try serializer.serializedRequest(
            method: .put, url: "https://example.com",
            headers: HeaderFields(validating: [("Content-Type", "application/protobuf+json")]), parameters: ["a": true])
        #expect(String(decoding: try bytes(json), as: UTF8.self) == #"{"a":true}"#)
        #expect(headerLines(json.headers) == ["Content-Type: application/protobuf+json", "Content-Length: 10"])
    }

    @Test func aRegistryTakesBothByTheirMediaTypes() throws {
        var registry = BodySerializerRegistry()
        registry.register(.protobuf)
        registry.register(.protobufJSON)
        #expect(try registry.serializer(for: .protobuf) is ProtobufBodySerializer)
        #expect(try registry.serializer(for: .protobufJSON) is ProtobufJSONBodySerializer)
    }
}
