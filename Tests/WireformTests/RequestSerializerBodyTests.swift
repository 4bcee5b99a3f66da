import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RequestSerializerBodyTests {
    @Test func postGetsTheBodyContentTypeAndContentLength() throws {
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", parameters: ["name": "bang", "tags": ["a"]])
        #expect(bodyText(request) == "name=bang&tags%5B%5D=a")
        #expect(
            headerLines(request.headers) == [
                "Content-Type: application/x-www-form-urlencoded", "Content-Length: 22",
            ]
        )
    }

    @Test func postWithoutParametersGetsAnEmptyFormBody() throws {
        let request = try plainSerializer().serializedRequest(method: .post, url: "https://example.com")
        #expect(request.body?.bytes == [])
        #expect(
            headerLines(request.headers) == ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 0"])
        let urlRequest = try request.urlRequest()
        #expect(urlRequest.httpBody == Data())
    }

    @Test func theDefaultSerializerBuildsFormBodiesWithNoSetUp() throws {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        serializer.queryStyle = .indexed
        serializer.spaceEncoding = .plus
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", parameters: ["ids": [1, 2], "q": "a b"])
        #expect(bodyText(request) == "ids%5B0%5D=1&ids%5B1%5D=2&q=a+b")
        #expect(
            headerLines(request.headers) == ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 31"])
        let empty = try serializer.serializedRequest(method: .post, url: "https://example.com")
        #expect(empty.body?.bytes == [])
        #expect(headerLines(empty.headers) == ["Content-Type: application/x-www-form-urlencoded", "Content-Length: 0"])
    }

    @Test func withoutARegisteredFormatForOtherTypesParametersAreAnError() {
        let serializer = RequestSerializer(bodyMediaType: .json, includesDefaultHeaders: false)
        expectSerializationError(
            .noSerializerRegistered,
            "No serializer registered for 'application/json'; registered: none"
        ) {
            _ = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
        }
        #expect(throws: Never.self) {
            let request = try serializer.serializedRequest(method: .post, url: "https://example.com")
            #expect(request.body == nil)
        }
    }

    @Test func theCallersContentTypeIsKeptAndChoosesTheFormat() throws {
        var serializer = plainSerializer()
        serializer.registry.register(TaggedSerializer(.json, tag: "{}"))
        let headers = try HeaderFields(validating: [("content-type", "application/vnd.api+json; charset=utf-8")])
        let request = try serializer.serializedRequest(
            method: .put, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(bodyText(request) == "{}")
        #expect(
            headerLines(request.headers) == [
                "content-type: application/vnd.api+json; charset=utf-8", "Content-Length: 2",
            ])
    }

    @Test func theCallersFormContentTypeWithCharsetIsKept() throws {
        let headers = try HeaderFields(validating: [
            ("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
        ]
        )
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(bodyText(request) == "a=1")
    }

    @Test func aBoundaryTheCallerCouldNotKnowReplacesTheCallersContentType() throws {
        struct BoundarySerializer: BodySerializer {
            var mediaType: ContentType { .multipartFormData }
            func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
                SerializedBody(contentType: try mediaType.settingParameter("boundary", to: "xyz"), bytes: [1])
            }
        }
        var serializer = plainSerializer()
        serializer.registry.register(BoundarySerializer())
        let headers = try HeaderFields(validating: [("Content-Type", "multipart/form-data")])
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(request.headers[.contentType] == "multipart/form-data; boundary=xyz")
    }

    @Test func errorsOfACustomSerializerAreWrappedWithTheirCause() throws {
        var serializer = plainSerializer()
        serializer.registry.register(
            ThrowingSerializer(mediaType: .formURLEncoded, error: ThirdPartyError(detail: "x")))
        let error = expectSerializationError(
            .serializerFailed,
            "The serializer for 'application/x-www-form-urlencoded' failed"
        ) {
            _ = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
        }
        #expect(error?.underlyingError as? ThirdPartyError == ThirdPartyError(detail: "x"))
        #expect(
            error?.description
                == #"The serializer for 'application/x-www-form-urlencoded' failed: ThirdPartyError(detail: "x")"#)
    }

    @Test func serializationErrorsOfASerializerPassThroughUnchanged() {
        var serializer = plainSerializer()
        serializer.registry.register(
            ThrowingSerializer(mediaType: .formURLEncoded, error: SerializationError(.unsupportedValue, "bad 'a'")))
        let error = expectSerializationError(.unsupportedValue, "bad 'a'") {
            _ = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
        }
        #expect(error?.underlyingError == nil)
    }

    @Test func bodyMediaTypeChoosesTheDefaultFormat() throws {
        var serializer = plainSerializer()
        serializer.registry.register(TaggedSerializer(.json, tag: "{}"))
        serializer.bodyMediaType = .json
        let request = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
        #expect(bodyText(request) == "{}")
        #expect(request.headers[.contentType] == "application/json")
    }

    @Test func defaultHeadersComeAfterTheCallersAndNeverOverwriteThem() throws {
        var serializer = plainSerializer()
        serializer.defaultHeaders = try HeaderFields(validating: [("User-Agent", "Default/1"), ("X-Default", "d")])
        let headers = try HeaderFields(validating: [("user-agent", "Mine/2"), ("X-Own", "o")])
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(
            headerLines(request.headers) == [
                "user-agent: Mine/2", "X-Own: o", "X-Default: d", "Content-Type: application/x-www-form-urlencoded",
                "Content-Length: 3",
            ]
        )
    }

    @Test func theCallersContentLengthIsKept() throws {
        let headers = try HeaderFields(validating: [("Content-Length", "3")])
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(request.headers.values(for: .contentLength) == ["3"])
    }

    @Test func defaultSerializerSendsUserAgentAndTheEnvironmentsAcceptLanguage() throws {
        let serializer = RequestSerializer()
        #expect(serializer.defaultHeaders[.userAgent] == DefaultHeaders.userAgent)
        #expect(serializer.defaultHeaders[.acceptLanguage] == DefaultHeaders.acceptLanguage)
        #expect(RequestSerializer(includesDefaultHeaders: false).defaultHeaders.isEmpty)
    }
}
