import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The Wireform code of the migration article (`MigratingFromAFNetworkingAndAlamofire.md`), compiled and run; the
/// rows that need a format module are compiled in that module's tests.
@Suite struct MigrationArticleTests {
    @Test func overviewExample() throws {
        var serializer = RequestSerializer()
        try serializer.setBasicAuthorization(username: "user", password: "pw")
        let request = try serializer.serializedRequest(
            method: .get, url: "https://example.com/users",
            parameters: ["user": ["name": "bang"], "families": ["father"]])
        let urlRequest = try request.urlRequest()
        #expect(
            urlRequest.url?.absoluteString
                == "https://example.com/users?families%5B%5D=father&user%5Bname%5D=bang")
    }

    @Test func afNetworkingRows() throws {
        var serializer = RequestSerializer()
        let built = try serializer.serializedRequest(method: .get, url: "https://example.com", parameters: ["a": 1])
            .urlRequest()
        #expect(built.url?.query == "a=1")
        let urlRequest = URLRequest(url: URL(string: "https://example.com")!)
        let serialized = try serializer.serialize(urlRequest, parameters: ["a": 1])
        #expect(serialized.url?.query == "a=1")
        try serializer.setBasicAuthorization(username: "user", password: "pw")
        serializer.removeAuthorization()
        try serializer.defaultHeaders.setValue("1", for: .init(validating: "X-Client"))
        serializer.methodsEncodingParametersInURL = [.get, .head]
        let options = RequestOptions(timeoutInterval: 30)
        let timed = try serializer.serializedRequest(method: .get, url: "https://example.com").urlRequest(
            options: options)
        #expect(timed.timeoutInterval == 30)
        #expect(try StandardQueryStyle.brackets.queryString(for: ["a": 1]) == "a=1")
        #expect(serializer.defaultHeaders.values(for: .authorization) == [])
    }

    @Test func alamofireRows() throws {
        struct Value: Encodable { var a = 1 }
        var serializer = RequestSerializer()
        serializer.queryStyle = .repeated
        let query = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["a": [1, 2]], placement: .query)
        #expect(query.url == "https://example.com?a=1&a=2")
        let body = try serializer.serializedRequest(
            method: .delete, url: "https://example.com", parameters: ["a": 1], placement: .body)
        #expect(body.body?.bytes == Array("a=1".utf8))
        let encoded = try serializer.serializedRequest(method: .post, url: "https://example.com", encoding: Value())
        #expect(encoded.body?.bytes == Array("a=1".utf8))
        let method: RequestMethod = .patch
        var fields = HeaderFields()
        try fields.addValue("1", for: .init(validating: "X-A"))
        try fields.addValue("2", for: .init(validating: "X-A"))
        #expect(method.rawValue == "PATCH")
        #expect(fields.values(for: try .init(validating: "X-A")) == ["1", "2"])
    }
}
