import Foundation
import Testing
import Wireform
import WireformFormURLEncoded

/// The request serializer's one query style and space encoding write form bodies, unless the format has its own.
@Suite struct FormRequestContextTests {
    private let parameters: ParameterValue = ["tags": ["a b", "c"]]

    private func body(_ request: SerializedRequest) -> String {
        String(decoding: request.body?.bytes ?? [], as: UTF8.self)
    }

    @Test func aRegisteredFormFollowsTheRequestsStyle() throws {
        var serializer = RequestSerializer(
            registry: BodySerializerRegistry([.formURLEncoded(charset: "utf-8")]), includesDefaultHeaders: false)
        serializer.queryStyle = .indexed
        serializer.spaceEncoding = .plus
        let request = try serializer.serializedRequest(method: .post, url: "https://e.com", parameters: parameters)
        #expect(body(request) == "tags%5B0%5D=a+b&tags%5B1%5D=c")
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func aStyleOfTheFormatsOwnWins() throws {
        var serializer = RequestSerializer(
            registry: BodySerializerRegistry([.formURLEncoded(queryStyle: .repeated, spaceEncoding: .percent20)]),
            includesDefaultHeaders: false
        )
        serializer.queryStyle = .indexed
        serializer.spaceEncoding = .plus
        let post = try serializer.serializedRequest(method: .post, url: "https://e.com", parameters: parameters)
        #expect(body(post) == "tags=a%20b&tags=c")
        let get = try serializer.serializedRequest(method: .get, url: "https://e.com", parameters: parameters)
        #expect(get.url == "https://e.com?tags%5B0%5D=a+b&tags%5B1%5D=c")
    }

    @Test func theBuiltInFormWritesWhatTheRegisteredOneWrites() throws {
        let tree: ParameterValue = ["user": ["name": "bang", "tags": ["x", "y"]], "n": 1.5, "ok": true]
        let builtIn = try RequestSerializer(includesDefaultHeaders: false)
            .serializedRequest(method: .post, url: "https://e.com", parameters: tree)
        let registered = try RequestSerializer(
            registry: BodySerializerRegistry([.formURLEncoded]), includesDefaultHeaders: false
        ).serializedRequest(method: .post, url: "https://e.com", parameters: tree)
        #expect(body(builtIn) == body(registered))
        #expect(builtIn.headers == registered.headers)
    }
}
