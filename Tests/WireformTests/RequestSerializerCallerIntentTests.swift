import Foundation
import Testing
import Wireform

/// Issue 12's rules: the caller's Content-Type is kept, the format is chosen explicitly or by that type or by
/// default, and framing headers never contradict the body.
@Suite struct RequestSerializerCallerIntentTests {
    private let post = "https://example.com/a"

    private func headers(_ pairs: [(String, String)]) throws -> HeaderFields { try HeaderFields(validating: pairs) }

    @Test(arguments: ["text/plain", "application/vnd.custom+form", "type", "text/plain;;odd"])
    func anUnregisteredOrMalformedCallerTypeIsSentVerbatimWithTheDefaultFormat(type: String) throws {
        let request = try plainSerializer().serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Type", type)]), parameters: ["a": 1])
        #expect(bodyText(request) == "a=1")
        #expect(headerLines(request.headers) == ["Content-Type: \(type)", "Content-Length: 3"])
    }

    @Test func theCallersTypePicksARegisteredFormatExactlyThenBySuffix() throws {
        var serializer = plainSerializer()
        serializer.registry.register(TaggedSerializer(.json, tag: "{json}"))
        let exact = try serializer.serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Type", "Application/JSON")]), parameters: [:])
        #expect(bodyText(exact) == "{json}")
        #expect(exact.headers[.contentType] == "Application/JSON")
        let suffix = try serializer.serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Type", "application/problem+json")]),
            parameters: [:])
        #expect(bodyText(suffix) == "{json}")
    }

    @Test func anExplicitFormatWinsAndTheCallersTypeIsKept() throws {
        var serializer = plainSerializer()
        serializer.registry.register(TaggedSerializer(ContentType("text/plain")!, tag: "registered"))
        let request = try serializer.serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Type", "text/plain")]), parameters: ["a": 1],
            format: TaggedSerializer(.json, tag: "explicit"))
        #expect(bodyText(request) == "explicit")
        #expect(headerLines(request.headers) == ["Content-Type: text/plain", "Content-Length: 8"])
        let withoutType = try serializer.serializedRequest(
            method: .put, url: post, parameters: ["a": 1], format: TaggedSerializer(.json, tag: "{}"))
        #expect(headerLines(withoutType.headers) == ["Content-Type: application/json", "Content-Length: 2"])
    }

    @Test func anExplicitFormatKeepsTheMethodRoutingUnlessItIsMultipart() throws {
        let get = try plainSerializer().serializedRequest(
            method: .get, url: post, parameters: ["a": 1], format: TaggedSerializer(.json, tag: "{}"))
        #expect(get.url == "https://example.com/a?a=1")
        #expect(get.body == nil)
        let multipart = TaggedSerializer(try mediaType("multipart/form-data"), tag: "parts")
        let delete = try plainSerializer().serializedRequest(
            method: .delete, url: post, parameters: ["a": 1], format: multipart)
        #expect(delete.url == post)
        #expect(bodyText(delete) == "parts")
        for method in [RequestMethod.get, .head] {
            expectSerializationError(
                .unsupportedBody,
                "A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that takes one"
            ) {
                _ = try plainSerializer().serializedRequest(
                    method: method, url: post, parameters: ["a": 1], format: multipart)
            }
        }
    }

    @Test func queryIsASafeMethodWhoseParametersGoInTheBody() throws {
        #expect(!plainSerializer().encodesParametersInURL(.query))
        let request = try plainSerializer().serializedRequest(method: .query, url: post, parameters: ["q": "x"])
        #expect(request.url == post)
        #expect(bodyText(request) == "q=x")
    }

    @Test func twoContentTypesAreAnError() throws {
        let doubled = try headers([("Content-Type", "text/plain"), ("content-type", "application/json")])
        expectSerializationError(
            .invalidHeader,
            "The request has 2 Content-Type fields ('text/plain', 'application/json'); it may have one"
        ) {
            _ = try plainSerializer().serializedRequest(method: .post, url: post, headers: doubled, parameters: [:])
        }
    }

    @Test func aCallersTransferEncodingIsAnError() throws {
        expectSerializationError(
            .invalidHeader,
            "The request sets Transfer-Encoding 'chunked'; Wireform decides the framing from the body "
                + "(Content-Length when its length is known), and a request must never carry both "
                + "(RFC 9112, section 6.2)"
        ) {
            _ = try plainSerializer().serializedRequest(
                method: .post, url: post, headers: try headers([("Transfer-Encoding", "chunked")]), parameters: [:])
        }
    }

    @Test func aCallersContentLengthMustBeTheBodysLength() throws {
        let matching = try plainSerializer().serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Length", "3")]), parameters: ["a": 1])
        #expect(
            headerLines(matching.headers) == ["Content-Length: 3", "Content-Type: application/x-www-form-urlencoded"])
        expectSerializationError(
            .invalidHeader, "The request's Content-Length is 10 but the body is 3 bytes long"
        ) {
            _ = try plainSerializer().serializedRequest(
                method: .post, url: post, headers: try headers([("Content-Length", "10")]), parameters: ["a": 1])
        }
        expectSerializationError(.invalidHeader, "The request's Content-Length '-3' is not a byte count") {
            _ = try plainSerializer().serializedRequest(
                method: .post, url: post, headers: try headers([("Content-Length", "-3")]), parameters: ["a": 1])
        }
    }

    /// Issue 30, H3: `GET -H 'Content-Length: 5'` used to print a header promising 5 bytes and no body, and the
    /// server then waited for them. Every method is checked: one without a body is refused naming both numbers,
    /// and a `POST` with no parameters gets the format's empty body, whose length must match too.
    @Test(arguments: [RequestMethod.get, .head, .delete])
    func aCallersContentLengthIsRefusedWhenThereIsNoBody(_ method: RequestMethod) throws {
        let length = try headers([("Content-Length", "5")])
        let reason = "The request's Content-Length is 5 but it has no body (0 bytes)"
        expectSerializationError(.invalidHeader, reason) {
            _ = try plainSerializer().serializedRequest(method: method, url: post, headers: length)
        }
        expectSerializationError(.invalidHeader, reason) {
            _ = try plainSerializer().serializedRequest(
                method: method, url: post, headers: length, parameters: ["a": 1])
        }
        expectSerializationError(.invalidHeader, "The request's Content-Length 'x' is not a byte count") {
            _ = try plainSerializer().serializedRequest(
                method: method, url: post, headers: try headers([("Content-Length", "x")]))
        }
        let empty = try plainSerializer().serializedRequest(
            method: method, url: post, headers: try headers([("Content-Length", "0")]))
        #expect(headerLines(empty.headers) == ["Content-Length: 0"])
        #expect(empty.body == nil)
    }

    @Test(arguments: [RequestMethod.post, .put, .patch])
    func aCallersContentLengthIsRefusedForAnEmptyBodyOrParametersInTheQuery(_ method: RequestMethod) throws {
        let length = try headers([("Content-Length", "5")])
        expectSerializationError(.invalidHeader, "The request's Content-Length is 5 but the body is 0 bytes long") {
            _ = try plainSerializer().serializedRequest(method: method, url: post, headers: length)
        }
        expectSerializationError(.invalidHeader, "The request's Content-Length is 5 but it has no body (0 bytes)") {
            _ = try plainSerializer().serializedRequest(
                method: method, url: post, headers: length, parameters: ["a": 1], placement: .query)
        }
    }

    @Test func aCallersContentLengthBecomesTheDeclaredLengthOfAStreamedBody() throws {
        let streamed = MessageBody(length: .unknown) { ByteArrayBodyReader([1, 2, 3]) }
        let body = SerializedBody(contentType: .octetStream, body: streamed)
        let exact = try plainSerializer().serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Length", "3")]), body: body)
        #expect(exact.body?.length == .known(3))
        #expect(try exact.body?.collectSynchronously(upTo: 10) == [1, 2, 3])
        let short = try plainSerializer().serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Length", "5")]), body: body)
        #expect(short.body?.length == .known(5))
        expectSerializationError(.lengthMismatch, "The body ended after 3 of the 5 bytes it declared") {
            _ = try short.body?.collectSynchronously(upTo: 10)
        }
    }

    @Test func aMultipartBodyNeedsAMultipartCallerType() throws {
        let multipart = SerializedBody(
            contentType: try mediaType("multipart/form-data; boundary=B"), bytes: Array("--B--\r\n".utf8))
        let kept = try plainSerializer().serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Type", "multipart/form-data; boundary=B")]),
            body: multipart)
        #expect(kept.headers[.contentType] == "multipart/form-data; boundary=B")
        let replaced = try plainSerializer().serializedRequest(
            method: .post, url: post, headers: try headers([("Content-Type", "multipart/form-data")]),
            body: multipart)
        #expect(replaced.headers[.contentType] == "multipart/form-data; boundary=B")
        expectSerializationError(
            .invalidHeader,
            "The body is 'multipart/form-data' but the request's Content-Type is 'application/json'; "
                + "a multipart body needs a multipart type"
        ) {
            _ = try plainSerializer().serializedRequest(
                method: .post, url: post, headers: try headers([("Content-Type", "application/json")]),
                body: multipart)
        }
    }
}
