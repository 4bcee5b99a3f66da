import Testing
import Wireform

@Suite struct AuthorizationTests {
    @Test func basicAuthorizationIsBase64OfUserColonPassword() throws {
        var serializer = plainSerializer()
        try serializer.setBasicAuthorization(username: "Aladdin", password: "open sesame")
        #expect(serializer.defaultHeaders[.authorization] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
        let request = try serializer.serializedRequest(method: .get, url: "https://example.com")
        #expect(request.headers[.authorization] == "Basic QWxhZGRpbjpvcGVuIHNlc2FtZQ==")
    }

    @Test func basicAuthorizationEncodesUTF8() throws {
        var serializer = plainSerializer()
        try serializer.setBasicAuthorization(username: "test", password: "123£")
        #expect(serializer.defaultHeaders[.authorization] == "Basic dGVzdDoxMjPCow==")
    }

    @Test func basicAuthorizationRejectsAColonInTheUserNameAndControlCharacters() {
        var serializer = plainSerializer()
        expectSerializationError(.invalidHeader, "A Basic authorization user name cannot contain ':' (RFC 7617)") {
            try serializer.setBasicAuthorization(username: "a:b", password: "p")
        }
        let error = expectSerializationError(
            .invalidHeader,
            "Basic authorization credentials cannot contain control characters (RFC 7617)"
        ) {
            try serializer.setBasicAuthorization(username: "a", password: "hunter2\r\nX: y")
        }
        #expect(error?.description.contains("hunter2") == false)
        #expect(serializer.defaultHeaders[.authorization] == nil)
    }

    @Test func bearerTokenIsSent() throws {
        var serializer = plainSerializer()
        try serializer.setBearerToken("abc.DEF-123_~+/=")
        #expect(serializer.defaultHeaders[.authorization] == "Bearer abc.DEF-123_~+/=")
    }

    /// Regression: the message quoted the token, a secret that then ended up in logs.
    @Test func invalidBearerTokenErrorNeverContainsTheToken() {
        var serializer = plainSerializer()
        let error = expectSerializationError(
            .invalidHeader,
            "Invalid bearer token (18 bytes): expected only RFC 6750 token characters "
                + "(letters, digits, '-', '.', '_', '~', '+', '/', then '=' padding only at the end)"
        ) {
            try serializer.setBearerToken("s3cr3t-t0ken\r\nX: 1")
        }
        #expect(error?.description.contains("s3cr3t") == false)
        expectSerializationError(.invalidHeader, "Invalid bearer token: the token is empty") {
            try serializer.setBearerToken("")
        }
        expectSerializationError(.invalidHeader) { try serializer.setBearerToken("has space") }
        expectSerializationError(.invalidHeader) { try serializer.setBearerToken("a=b") }
        expectSerializationError(.invalidHeader) { try serializer.setBearerToken("==") }
        #expect(serializer.defaultHeaders[.authorization] == nil)
    }

    @Test func bearerPaddingIsAllowedAtTheEnd() throws {
        var serializer = plainSerializer()
        try serializer.setBearerToken("YWJj==")
        #expect(serializer.defaultHeaders[.authorization] == "Bearer YWJj==")
    }

    @Test func settingAgainReplacesAndRemovalStopsSending() throws {
        var serializer = plainSerializer()
        try serializer.setBasicAuthorization(username: "a", password: "b")
        try serializer.setBearerToken("t")
        #expect(serializer.defaultHeaders.values(for: .authorization) == ["Bearer t"])
        serializer.defaultHeaders.removeValues(for: .authorization)
        #expect(!serializer.defaultHeaders.contains(.authorization))
        let request = try serializer.serializedRequest(method: .get, url: "https://example.com")
        #expect(request.headers[.authorization] == nil)
    }

    @Test func theRequestsOwnAuthorizationWins() throws {
        var serializer = plainSerializer()
        try serializer.setBearerToken("default")
        let headers = try HeaderFields(validating: [("authorization", "Bearer mine")])
        let request = try serializer.serializedRequest(method: .get, url: "https://example.com", headers: headers)
        #expect(request.headers.values(for: .authorization) == ["Bearer mine"])
    }
}
