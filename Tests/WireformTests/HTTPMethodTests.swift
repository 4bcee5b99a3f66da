import Foundation
import Testing
import Wireform

@Suite struct HTTPMethodTests {
    @Test func commonMethods() {
        let methods: [HTTPMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        #expect(methods.map(\.rawValue) == ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
        #expect(HTTPMethod.get.description == "GET")
    }

    @Test func acceptsAnyToken() throws {
        #expect(HTTPMethod(String("PROPFIND"))?.rawValue == "PROPFIND")
        #expect(try HTTPMethod(validating: "get").rawValue == "get")
        let literal: HTTPMethod = "PURGE"
        #expect(literal.rawValue == "PURGE")
    }

    @Test func keepsCaseAsGivenSoEqualityIsExact() {
        #expect(HTTPMethod("get") != .get)
        #expect(HTTPMethod("GET") == .get)
    }

    @Test(arguments: ["", "GE T", "GET\r\nX: 1", "GÉT", "GET/"])
    func rejectsStringsThatAreNotTokens(text: String) {
        #expect(HTTPMethod(text) == nil)
        expectSerializationError(.invalidMethod) { _ = try HTTPMethod(validating: text) }
    }

    @Test func invalidMethodMessageQuotesTheMethod() {
        expectSerializationError(
            .invalidMethod,
            #"Invalid HTTP method 'GET\r\n': a method must be a non-empty RFC 9110 token"#
        ) { _ = try HTTPMethod(validating: "GET\r\n") }
    }
}

/// Literals cannot throw, so an invalid one is reported when a request is built, never by trapping.
@Suite struct InvalidLiteralTests {
    @Test func invalidMethodLiteralIsAThrownErrorWhenARequestIsBuilt() {
        let method: HTTPMethod = "BAD METHOD"
        let serializer = RequestSerializer(registry: BodySerializerRegistry())
        #expect(throws: SerializationError.self) {
            try serializer.serializedRequest(method: method, url: "https://example.com")
        }
        let request = SerializedRequest(method: method, url: URL(string: "https://example.com")!)
        #expect(throws: SerializationError.self) { try request.urlRequest() }
    }

    @Test func invalidHeaderNameLiteralIsAThrownErrorWhenAValueIsSet() {
        let name: HTTPHeaders.Name = "Bad Name"
        var headers = HTTPHeaders()
        do {
            try headers.setValue("x", for: name)
            Issue.record("expected invalidHeaderName")
        } catch {
            #expect(error.code == .invalidHeaderName)
            #expect(error.reason == "Header name 'Bad Name' is not an RFC 9110 token")
        }
        #expect(headers.isEmpty)
    }
}
