import Foundation
import Testing
import Wireform

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

    @Test func withoutAnyRegisteredFormatARequestWithoutParametersHasNoBody() throws {
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        let request = try serializer.serializedRequest(method: .post, url: "https://example.com")
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
    }

    @Test func withoutARegisteredFormatParametersAreAnError() {
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        expectSerializationError(
            .noSerializerRegistered,
            "No serializer registered for 'application/x-www-form-urlencoded'; registered: none"
        ) {
            _ = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["a": 1])
        }
    }

    @Test func theCallersContentTypeIsKeptAndChoosesTheFormat() throws {
        var serializer = plainSerializer()
        serializer.registry.register(TaggedSerializer(.json, tag: "{}"))
        let headers = try HTTPHeaders(validating: [("content-type", "application/vnd.api+json; charset=utf-8")])
        let request = try serializer.serializedRequest(
            method: .put, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(bodyText(request) == "{}")
        #expect(
            headerLines(request.headers) == [
                "content-type: application/vnd.api+json; charset=utf-8", "Content-Length: 2",
            ])
    }

    @Test func theCallersFormContentTypeWithCharsetIsKept() throws {
        let headers = try HTTPHeaders(validating: [("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")]
        )
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(bodyText(request) == "a=1")
    }

    @Test func anUnregisteredOrInvalidCallerContentTypeIsAnError() throws {
        let unregistered = try HTTPHeaders(validating: [("Content-Type", "text/csv")])
        expectSerializationError(
            .noSerializerRegistered,
            "No serializer registered for 'text/csv'; registered: 'application/x-www-form-urlencoded'"
        ) {
            _ = try plainSerializer().serializedRequest(
                method: .post, url: "https://example.com", headers: unregistered, parameters: ["a": 1])
        }
        let invalid = try HTTPHeaders(validating: [("Content-Type", "csv")])
        expectSerializationError(.invalidMediaType, "Invalid media type 'csv': expected '/' after the type") {
            _ = try plainSerializer().serializedRequest(
                method: .post, url: "https://example.com", headers: invalid, parameters: ["a": 1])
        }
    }

    @Test func aBoundaryTheCallerCouldNotKnowReplacesTheCallersContentType() throws {
        struct BoundarySerializer: BodySerializer {
            var mediaType: MediaType { .multipartFormData }
            func serialize(_ parameters: ParameterValue) throws -> SerializedBody {
                SerializedBody(contentType: try mediaType.settingParameter("boundary", to: "xyz"), bytes: [1])
            }
        }
        var serializer = plainSerializer()
        serializer.registry.register(BoundarySerializer())
        let headers = try HTTPHeaders(validating: [("Content-Type", "multipart/form-data")])
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
        serializer.defaultHeaders = try HTTPHeaders(validating: [("User-Agent", "Default/1"), ("X-Default", "d")])
        let headers = try HTTPHeaders(validating: [("user-agent", "Mine/2"), ("X-Own", "o")])
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
        let headers = try HTTPHeaders(validating: [("Content-Length", "3")])
        let request = try plainSerializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, parameters: ["a": 1])
        #expect(request.headers.values(for: .contentLength) == ["3"])
    }

    @Test func defaultSerializerSendsUserAgentAndTheEnvironmentsAcceptLanguage() throws {
        let serializer = RequestSerializer()
        #expect(serializer.defaultHeaders[.userAgent] == DefaultHeaders.userAgent)
        #expect(serializer.defaultHeaders[.acceptLanguage] == DefaultHeaders.acceptLanguage())
        #expect(RequestSerializer(includesDefaultHeaders: false).defaultHeaders.isEmpty)
    }
}
