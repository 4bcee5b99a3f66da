import Testing
import Wireform

/// The code in the article "JSON text as parameters" (`JSONTextAsParameters.md`), with the results it shows.
@Suite struct JSONTextArticleTests {
    @Test func aGatewayTurnsJSONIntoAFormBody() throws {
        let clientBody = Array(#"{"user":{"name":"Ada"},"tags":["a","b"]}"#.utf8)
        let text = JSONText(MessageBody(bytes: clientBody), maximumLength: 1 << 20)
        let request = try RequestSerializer().serializedRequest(
            method: .post, url: "https://upstream.example/users", json: text)
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
        #expect(request.body?.bytes == Array("tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada".utf8))
        let get = try RequestSerializer().serializedRequest(
            method: .get, url: "https://upstream.example/users", json: text)
        #expect(get.url == "https://upstream.example/users?tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada")
    }

    @Test func aDuplicateKeyIsAnError() {
        let duplicate = JSONText(MessageBody(bytes: Array(#"{"a":1,"a":2}"#.utf8)))
        expectSerializationError(.invalidJSON, "duplicate key 'a' at line 1, column 8 (byte 7)") {
            _ = try RequestSerializer().serializedRequest(method: .post, url: "https://e.com", json: duplicate)
        }
    }

    @Test func aLongerTextThanTheMaximumFails() {
        let text = JSONText(MessageBody(bytes: Array(#"{"a":"0123456789"}"#.utf8)), maximumLength: 10)
        expectSerializationError(.bodyTooLarge) {
            _ = try RequestSerializer().serializedRequest(method: .post, url: "https://e.com", json: text)
        }
    }
}
