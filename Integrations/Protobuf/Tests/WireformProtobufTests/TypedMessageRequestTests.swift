import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformJSONBody
import WireformProtobuf

/// A request whose body is a protobuf message: the method, URL, query, default headers and routing still come from
/// the `RequestSerializer`, the body from the format.
@Suite struct TypedMessageRequestTests {
    private func serializer() throws -> RequestSerializer {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        try serializer.defaultHeaders.setValue("Wireform-Test", for: .userAgent)
        try serializer.setBearerToken("t0k3n")
        serializer.queryStyle = .indexed
        return serializer
    }

    @Test func aMessageIsTheBodyAndTheRestComesFromTheRequestSerializer() throws {
        let event = Google_Protobuf_Timestamp(seconds: 1, nanos: 2)
        let request = try serializer().serializedRequest(
            method: .post, url: "https://example.com/events", query: ["v": 2, "ids": [7, 8]], body: event,
            format: .protobuf)
        #expect(request.method == .post)
        #expect(request.url == "https://example.com/events?ids%5B0%5D=7&ids%5B1%5D=8&v=2")
        #expect(try bytes(request) == [0x08, 0x01, 0x10, 0x02])
        #expect(
            headerLines(request.headers) == [
                "User-Agent: Wireform-Test", "Authorization: Bearer t0k3n", "Content-Type: application/protobuf",
                "Content-Length: 4",
            ])
        #expect(try Google_Protobuf_Timestamp(serializedBytes: bytes(request)) == event)
    }

    @Test func theJSONMappingReadsTheSame() throws {
        let event = Google_Protobuf_Duration(seconds: 90, nanos: 500_000_000)
        let request = try serializer().serializedRequest(
            method: .patch, url: "https://example.com/events/1", body: event, format: .protobufJSON)
        #expect(String(decoding: try bytes(request), as: UTF8.self) == #""90.500s""#)
        #expect(
            headerLines(request.headers) == [
                "User-Agent: Wireform-Test", "Authorization: Bearer t0k3n",
                "Content-Type: application/protobuf+json; charset=utf-8", "Content-Length: 9",
            ])
    }

    /// The closing note's call sites: the same request with a protobuf message (`body:format:`) and with a JSON
    /// `Encodable` value (`encoding:format:placement: .body`).
    @Test func aMessageRequestAndAJSONRequestAreBuiltTheSameWay() throws {
        struct Event: Encodable {
            var name: String
            var count: Int
        }
        let serializer = try serializer()

        let message: Google_Protobuf_Struct = ["name": "deploy", "count": 3]
        let protobuf = try serializer.serializedRequest(
            method: .post, url: "https://example.com/events", query: ["v": 2], body: message, format: .protobuf)

        let event = Event(name: "deploy", count: 3)
        let json = try serializer.serializedRequest(
            method: .post, url: "https://example.com/events", query: ["v": 2], encoding: event, format: .json,
            placement: .body)

        #expect(protobuf.url == json.url)
        #expect(try Google_Protobuf_Struct(serializedBytes: bytes(protobuf)) == message)
        #expect(String(decoding: try bytes(json), as: UTF8.self) == #"{"count":3,"name":"deploy"}"#)
        #expect(protobuf.headers[.contentType] == "application/protobuf")
        #expect(json.headers[.contentType] == "application/json")
        #expect(protobuf.headers[.authorization] == json.headers[.authorization])
    }

    @Test func anAnyRoundTripsThroughARequest() throws {
        let any = try Google_Protobuf_Any(message: Google_Protobuf_Struct(parameters: ["id": 7]))
        let request = try serializer().serializedRequest(
            method: .put, url: "https://example.com/things/7", body: any, format: .protobuf)
        let decoded = try Google_Protobuf_Any(serializedBytes: bytes(request))
        #expect(try Google_Protobuf_Struct(unpackingAny: decoded) == Google_Protobuf_Struct(parameters: ["id": 7]))
    }

    @Test func theCallersContentTypeIsKeptForAServerThatWantsAnAlias() throws {
        let headers = try HeaderFields(validating: [("Content-Type", "application/x-protobuf")])
        let request = try serializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, body: Google_Protobuf_Timestamp(seconds: 1),
            format: .protobuf)
        #expect(request.headers[.contentType] == "application/x-protobuf")
        #expect(try bytes(request) == [0x08, 0x01])
    }

    @Test(arguments: [RequestMethod.get, .head])
    func getAndHeadCannotCarryAMessage(method: RequestMethod) {
        expectSerializationError(
            .unsupportedBody,
            "A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that takes one"
        ) {
            _ = try serializer().serializedRequest(
                method: method, url: "https://example.com", body: Google_Protobuf_Timestamp(), format: .protobuf)
        }
    }

    @Test func aDeleteCarriesTheMessage() throws {
        let request = try serializer().serializedRequest(
            method: .delete, url: "https://example.com/a", body: Google_Protobuf_Duration(seconds: 1), format: .protobuf
        )
        #expect(try bytes(request) == [0x08, 0x01])
        #expect(request.url == "https://example.com/a")
    }

    @Test func anEmptyMessageIsAnEmptyBodyWithContentLengthZero() throws {
        let request = try serializer().serializedRequest(
            method: .post, url: "https://example.com", body: Google_Protobuf_Struct(), format: .protobuf)
        #expect(try bytes(request) == [])
        #expect(request.headers[.contentLength] == "0")
    }
}
