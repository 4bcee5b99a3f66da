import Foundation
import Testing
import Wireform
import WireformFoundation

@Suite struct HTTPMethodTests {
    @Test func commonMethods() {
        let methods: [RequestMethod] = [.get, .head, .post, .put, .patch, .delete, .options]
        #expect(methods.map(\.rawValue) == ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"])
        #expect(RequestMethod.get.description == "GET")
    }

    @Test func acceptsAnyToken() throws {
        #expect(RequestMethod(String("PROPFIND"))?.rawValue == "PROPFIND")
        #expect(try RequestMethod(validating: "get").rawValue == "get")
        #expect(RequestMethod.query.rawValue == "QUERY")
    }

    @Test func keepsCaseAsGivenSoEqualityIsExact() {
        #expect(RequestMethod("get") != .get)
        #expect(RequestMethod("GET") == .get)
    }

    @Test(arguments: ["", "GE T", "GET\r\nX: 1", "GÉT", "GET/"])
    func rejectsStringsThatAreNotTokens(text: String) {
        #expect(RequestMethod(text) == nil)
        expectSerializationError(.invalidMethod) { _ = try RequestMethod(validating: text) }
    }

    @Test func invalidMethodMessageQuotesTheMethod() {
        expectSerializationError(
            .invalidMethod,
            #"Invalid HTTP method 'GET\r\n': a method must be a non-empty RFC 9110 token"#
        ) { _ = try RequestMethod(validating: "GET\r\n") }
    }
}
