import Foundation
import Testing
import Wireform

/// A body the caller built goes through the same tail as every other request.
@Suite struct RequestSerializerOwnBodyTests {
    private let csv = ContentType("text/csv")!

    @Test func ownBodyGetsDefaultHeadersContentTypeAndLength() throws {
        var serializer = plainSerializer()
        try serializer.defaultHeaders.setValue("Wireform-Test", for: .userAgent)
        try serializer.setBearerToken("t0k3n")
        let body = SerializedBody(contentType: csv, bytes: Array("a,b\n1,2\n".utf8))
        let request = try serializer.serializedRequest(method: .post, url: "https://example.com/upload", body: body)
        #expect(bodyText(request) == "a,b\n1,2\n")
        #expect(request.url == "https://example.com/upload")
        #expect(
            headerLines(request.headers) == [
                "User-Agent: Wireform-Test", "Authorization: Bearer t0k3n", "Content-Type: text/csv",
                "Content-Length: 8",
            ])
    }

    @Test func ownBodyTakesQueryParametersInTheRequestsStyle() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .indexed
        let body = SerializedBody(contentType: csv, bytes: [])
        let request = try serializer.serializedRequest(
            method: .put, url: "https://example.com/a?x=1#top", query: ["ids": [7, 8]], body: body)
        #expect(request.url == "https://example.com/a?x=1&ids%5B0%5D=7&ids%5B1%5D=8#top")
        #expect(headerLines(request.headers) == ["Content-Type: text/csv", "Content-Length: 0"])
    }

    @Test func ownBodyGoesInTheBodyWhateverTheMethodRouting() throws {
        let serializer = plainSerializer()
        let body = SerializedBody(contentType: csv, bytes: Array("x".utf8))
        for method in [RequestMethod.delete, .patch, .query, RequestMethod("PROPPATCH")!] {
            let request = try serializer.serializedRequest(method: method, url: "https://example.com", body: body)
            #expect(bodyText(request) == "x")
            #expect(request.url == "https://example.com")
        }
    }

    @Test(arguments: [RequestMethod.get, .head])
    func getAndHeadCannotCarryABody(method: RequestMethod) {
        let body = SerializedBody(contentType: csv, bytes: Array("x".utf8))
        expectSerializationError(
            .unsupportedBody,
            "A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that takes one"
        ) {
            _ = try plainSerializer().serializedRequest(method: method, url: "https://example.com", body: body)
        }
    }

    @Test func callersContentTypeAndLengthAreKept() throws {
        let headers = try HeaderFields(validating: [("Content-Type", "text/csv; header=present")])
        let body = SerializedBody(contentType: csv, bytes: Array("a\n".utf8))
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, body: body)
        #expect(headerLines(request.headers) == ["Content-Type: text/csv; header=present", "Content-Length: 2"])
    }

    @Test func streamedBodyOfUnknownLengthHasNoContentLength() throws {
        let streamed = MessageBody(length: .unknown) { ByteArrayBodyReader([1, 2, 3]) }
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", body: SerializedBody(contentType: .octetStream, body: streamed))
        #expect(headerLines(request.headers) == ["Content-Type: application/octet-stream"])
    }

    @Test func oneQueryStyleGovernsTheURLAndTheFormBody() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .indexed
        let parameters: ParameterValue = ["tags": ["a", "b"]]
        let get = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: parameters)
        let post = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: parameters)
        #expect(get.url == "https://example.com?tags%5B0%5D=a&tags%5B1%5D=b")
        #expect(bodyText(post) == "tags%5B0%5D=a&tags%5B1%5D=b")
    }
}
