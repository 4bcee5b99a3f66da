import Foundation
import Testing
import Wireform
import WireformJSONBody

/// An `Encodable` value goes in a JSON body, with the URL's query beside it:
/// `serializedRequest(method:url:query:encoding:format:placement:)` with `placement: .body`.
@Suite struct JSONTypedBodyRequestTests {
    struct Event: Encodable {
        var name: String
        var at: Date
    }

    @Test func anEncodableValueIsTheBodyAndTheQueryStaysInTheURL() throws {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        try serializer.setBearerToken("t0k3n")
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/events", query: ["v": 2],
            encoding: Event(name: "deploy", at: Date(timeIntervalSince1970: 0)), format: .json, placement: .body)
        #expect(request.url == "https://example.com/events?v=2")
        #expect(
            request.body?.bytes.map { String(decoding: $0, as: UTF8.self) }
                == #"{"at":"1970-01-01T00:00:00Z","name":"deploy"}"#)
        #expect(
            request.headers.map { "\($0.name): \($0.value)" } == [
                "Authorization: Bearer t0k3n", "Content-Type: application/json", "Content-Length: 45",
            ])
    }

    /// Unlike the default placement, under which a `DELETE` puts the fields in the query, `.body` always writes a body.
    @Test func aDeleteCarriesTheValueAndGetCannot() throws {
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        let value = Event(name: "x", at: Date(timeIntervalSince1970: 0))
        let delete = try serializer.serializedRequest(
            method: .delete, url: "https://example.com", encoding: value, format: .json, placement: .body)
        #expect(
            delete.body?.bytes.map { String(decoding: $0, as: UTF8.self) }
                == #"{"at":"1970-01-01T00:00:00Z","name":"x"}"#)
        #expect(delete.url == "https://example.com")
        let error = #expect(throws: SerializationError.self) {
            try serializer.serializedRequest(
                method: .get, url: "https://example.com", encoding: value, format: .json, placement: .body)
        }
        #expect(error?.code == .unsupportedBody)
    }
}
