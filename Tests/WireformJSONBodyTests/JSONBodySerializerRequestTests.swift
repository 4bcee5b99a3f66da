import Foundation
import Testing
import Wireform
import WireformFoundation
import WireformJSONBody

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct JSONBodySerializerRequestTests {
    private func registry() -> BodySerializerRegistry {
        var registry = BodySerializerRegistry()
        registry.register(.json)
        return registry
    }

    private func requestSerializer() -> RequestSerializer {
        RequestSerializer(registry: registry(), bodyMediaType: .json, includesDefaultHeaders: false)
    }

    @Test(arguments: [
        "application/json",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/vnd.api+json",
        "application/merge-patch+json",
        "application/problem+json",
    ])
    func registryResolvesJSONTypes(contentType: String) throws {
        let serializer = try registry().serializer(for: try ContentType(validating: contentType))
        #expect(serializer is JSONBodySerializer)
        #expect(serializer.mediaType == .json)
    }

    @Test func registryDoesNotResolveOtherTypes() throws {
        let error = try #require(throws: SerializationError.self) {
            try registry().serializer(for: .xml)
        }
        #expect(error.code == .noSerializerRegistered)
        #expect(error.reason == "No serializer registered for 'application/xml'; registered: 'application/json'")
    }

    @Test func postWritesAJSONBody() throws {
        let request = try requestSerializer().serializedRequest(
            method: .post,
            url: "https://example.com/users",
            parameters: ["name": "bang", "tags": ["a", "b"]]
        )
        #expect(request.url == "https://example.com/users")
        #expect(request.headers[.contentType] == "application/json")
        #expect(request.headers[.contentLength] == "32")
        let bytes = try #require(request.body?.bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"bang","tags":["a","b"]}"#)
    }

    @Test(arguments: [RequestMethod.get, .head, .delete])
    func queryMethodsPutParametersInTheURL(method: RequestMethod) throws {
        let request = try requestSerializer().serializedRequest(
            method: method,
            url: "https://example.com/users",
            parameters: ["name": "bang", "tags": ["a", "b"]]
        )
        #expect(request.url == "https://example.com/users?name=bang&tags%5B%5D=a&tags%5B%5D=b")
        #expect(request.body == nil)
        #expect(request.headers[.contentType] == nil)
    }

    @Test func keepsTheCallersContentType() throws {
        let headers = try HeaderFields(validating: [("Content-Type", "application/vnd.api+json; ext=bulk")])
        let request = try requestSerializer().serializedRequest(
            method: .patch,
            url: "https://example.com/users/1",
            headers: headers,
            parameters: ["data": ["id": "1"]]
        )
        #expect(request.headers[.contentType] == "application/vnd.api+json; ext=bulk")
        let bytes = try #require(request.body?.bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"data":{"id":"1"}}"#)
    }

    @Test func noParametersMeansNoBodyAndNoContentType() throws {
        let request = try requestSerializer().serializedRequest(method: .post, url: "https://example.com/ping")
        #expect(request.body == nil)
        #expect(request.headers[.contentType] == nil)
        #expect(request.headers[.contentLength] == nil)
    }

    @Test func encodableValuesUseTheJSONEncoderPath() throws {
        struct Login: Encodable {
            var user: String
            var remember: Bool
        }
        let request = try requestSerializer().serializedRequest(
            method: .post,
            url: try #require(URL(string: "https://example.com/login")),
            encoding: Login(user: "bang", remember: true)
        )
        #expect(request.headers[.contentType] == "application/json")
        let bytes = try #require(request.body?.bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"remember":true,"user":"bang"}"#)
    }

    @Test func urlRequestCarriesTheBody() throws {
        let request = try requestSerializer().serializedRequest(
            method: .put, url: "https://example.com/a", parameters: [1]
        ).urlRequest()
        #expect(request.httpBody == Data("[1]".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/json")
    }

    @Test func invalidValuesAreThrownThroughTheRequestSerializer() throws {
        let error = try #require(throws: SerializationError.self) {
            try requestSerializer().serializedRequest(
                method: .post,
                url: "https://example.com",
                parameters: ["n": .double(.nan)]
            )
        }
        #expect(error.code == .unsupportedValue)
        #expect(error.reason == "Non-finite number nan at 'n' cannot be written as JSON")
    }
}
