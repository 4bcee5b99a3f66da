import Testing
import Wireform

/// Issue 38, item 3: a `SerializedRequest` keeps its promise from construction: its framing headers match its body,
/// checked as `RequestSerializer` checks a caller's headers, with the same errors. Before, the initializer took
/// `Content-Length: 5` with a 3-byte body and `Transfer-Encoding: chunked`.
@Suite struct SerializedRequestFramingTests {
    static let url = "https://example.com/upload"

    static func headers(_ fields: [(String, String)]) throws -> HeaderFields {
        try HeaderFields(validating: fields)
    }

    @Test func contentLengthOtherThanTheBodysLengthIsRefused() throws {
        let headers = try Self.headers([("Content-Length", "5")])
        expectSerializationError(.invalidHeader, "The request's Content-Length is 5 but the body is 3 bytes long") {
            _ = try SerializedRequest(
                method: .post, url: Self.url, headers: headers, body: MessageBody(bytes: [1, 2, 3]))
        }
    }

    @Test func contentLengthThatIsNotAByteCountIsRefused() throws {
        let headers = try Self.headers([("Content-Length", "3x")])
        expectSerializationError(.invalidHeader, "The request's Content-Length '3x' is not a byte count") {
            _ = try SerializedRequest(
                method: .post, url: Self.url, headers: headers, body: MessageBody(bytes: [1, 2, 3]))
        }
    }

    @Test func contentLengthWithoutABodyIsRefusedUnlessZero() throws {
        let five = try Self.headers([("Content-Length", "5")])
        expectSerializationError(.invalidHeader, "The request's Content-Length is 5 but it has no body (0 bytes)") {
            _ = try SerializedRequest(method: .get, url: Self.url, headers: five)
        }
        let zero = try Self.headers([("Content-Length", "0")])
        #expect(try SerializedRequest(method: .post, url: Self.url, headers: zero).headers[.contentLength] == "0")
    }

    @Test func transferEncodingIsRefused() throws {
        let headers = try Self.headers([("Transfer-Encoding", "chunked")])
        let reason =
            "The request sets Transfer-Encoding 'chunked'; Wireform decides the framing from the body (Content-Length "
            + "when its length is known), and a request must never carry both (RFC 9112, section 6.2)"
        expectSerializationError(.invalidHeader, reason) {
            _ = try SerializedRequest(method: .post, url: Self.url, headers: headers, body: MessageBody(bytes: [1]))
        }
        expectSerializationError(.invalidHeader, reason) {
            _ = try SerializedRequest(method: .get, url: Self.url, headers: headers)
        }
    }

    /// The same headers give the same error from `serializedRequest(…)`.
    @Test func theErrorsAreTheSerializers() throws {
        let headers = try Self.headers([("Content-Length", "5")])
        let fromSerializer = expectSerializationError(.invalidHeader) {
            _ = try RequestSerializer().serializedRequest(
                method: .post, url: Self.url, headers: headers,
                body: SerializedBody(contentType: .octetStream, bytes: [1, 2, 3]))
        }
        let fromInitializer = expectSerializationError(.invalidHeader) {
            _ = try SerializedRequest(
                method: .post, url: Self.url, headers: headers, body: MessageBody(bytes: [1, 2, 3]))
        }
        #expect(fromSerializer?.reason == fromInitializer?.reason)
    }

    @Test func matchingFramingIsKept() throws {
        let headers = try Self.headers([("Content-Type", "text/plain"), ("Content-Length", "3")])
        let request = try SerializedRequest(
            method: .post, url: Self.url, headers: headers, body: MessageBody(bytes: [1, 2, 3]))
        #expect(request.headers == headers)
        #expect(request.body?.length == .known(3))
        let unframed = try SerializedRequest(method: .post, url: Self.url, body: MessageBody(bytes: [1, 2, 3]))
        #expect(unframed.headers[.contentLength] == nil)
    }

    /// A body of unknown length takes the caller's `Content-Length` as its declared length, as a serializer gives
    /// it: reading more or fewer bytes than declared throws.
    @Test func unknownLengthBodyTakesTheDeclaredLength() async throws {
        let headers = try Self.headers([("Content-Length", "5")])
        let body = MessageBody(length: .unknown) { PatternReader(total: 3) }
        let request = try SerializedRequest(method: .post, url: Self.url, headers: headers, body: body)
        let declared = try #require(request.body)
        await expectSerializationError(.lengthMismatch) { _ = try await declared.collect(upTo: 100) }
    }
}
