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
        #expect(HTTPMethod.query.rawValue == "QUERY")
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
