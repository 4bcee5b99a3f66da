import Foundation
import Testing
import Wireform

/// Third-party formats join the registry and the request serializer exactly like first-party ones.
@Suite struct CustomFormatRegistrationTests {
    private var registry: BodySerializerRegistry {
        var registry = BodySerializerRegistry()
        registry.register(.csv)
        registry.register(NDJSONSerializer())
        registry.register(LengthDelimitedSerializer(schema: ["id": 1, "name": 2]))
        return registry
    }

    private let endpoint = URL(string: "https://example.com/upload")!

    @Test func registeredTypesAreListed() {
        #expect(
            registry.registeredMediaTypes.map(\.description) == [
                "application/x-ndjson", "application/x-protobuf", "text/csv",
            ]
        )
    }

    @Test func theCallersContentTypeChoosesTheCustomFormat() throws {
        let serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        let headers = try HeaderFields(validating: [("Content-Type", "text/csv")])
        let request = try serializer.serializedRequest(
            method: .post, url: endpoint, headers: headers, parameters: [["a": 1], ["a": 2]])
        #expect(request.body?.bytes == Array("a\r\n1\r\n2\r\n".utf8))
        #expect(request.headers[.contentType] == "text/csv")
    }

    @Test func bodyMediaTypeChoosesTheCustomFormatAndItsContentTypeIsSent() throws {
        var serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        serializer.bodyMediaType = ContentType("application/x-protobuf")!
        let request = try serializer.serializedRequest(method: .put, url: endpoint, parameters: ["id": 1])
        #expect(request.body?.bytes == [0x02, 0x08, 0x01])
        #expect(
            request.headers.map { "\($0.name): \($0.value)" } == [
                "Content-Type: application/x-protobuf; delimited=true", "Content-Length: 3",
            ]
        )
    }

    @Test func structuredSuffixesFindTheCustomFormat() throws {
        #expect(try registry.serializer(for: ContentType(validating: "text/vnd.acme.report+csv")) is CSVSerializer)
        #expect(
            try registry.serializer(for: ContentType(validating: "application/vnd.acme.event+x-protobuf; v=2"))
                is LengthDelimitedSerializer
        )
        let serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        let headers = try HeaderFields(validating: [("Content-Type", "application/vnd.acme.log+x-ndjson")])
        let request = try serializer.serializedRequest(
            method: .post, url: endpoint, headers: headers, parameters: [1, 2])
        #expect(request.body?.bytes == Array("1\n2\n".utf8))
        #expect(request.headers[.contentType] == "application/vnd.acme.log+x-ndjson")
    }

    @Test func errorsOfTheFormatsOwnAreWrappedAsSerializerFailed() throws {
        let serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        let csv = try HeaderFields(validating: [("Content-Type", "text/csv")])
        do {
            _ = try serializer.serializedRequest(method: .post, url: endpoint, headers: csv, parameters: [["a": [1]]])
            Issue.record("Expected an error")
        } catch {
            #expect(error.code == .serializerFailed)
            #expect(error.reason == "The serializer for 'text/csv' failed")
            #expect(error.underlyingError as? CSVError == .nestedValue(row: 0, column: "a"))
            #expect(error.description == "The serializer for 'text/csv' failed: nestedValue(row: 0, column: \"a\")")
        }
        let protobuf = try HeaderFields(validating: [("Content-Type", "application/x-protobuf")])
        do {
            _ = try serializer.serializedRequest(method: .post, url: endpoint, headers: protobuf, parameters: ["x": 1])
            Issue.record("Expected an error")
        } catch {
            #expect(error.code == .serializerFailed)
            #expect(error.reason == "The serializer for 'application/x-protobuf' failed")
            #expect(error.underlyingError as? ProtobufError == .unknownField("x"))
        }
    }

    @Test func serializationErrorsOfTheFormatPassThrough() throws {
        let serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        let headers = try HeaderFields(validating: [("Content-Type", "application/x-protobuf")])
        do {
            _ = try serializer.serializedRequest(
                method: .post, url: endpoint, headers: headers, parameters: ["id": [[1]]])
            Issue.record("Expected an error")
        } catch {
            #expect(error.code == .unsupportedValue)
            #expect(error.underlyingError == nil)
        }
    }

    @Test func getStillUsesTheQueryWhateverFormatIsRegistered() throws {
        var serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        serializer.bodyMediaType = ContentType("text/csv")!
        let request = try serializer.serializedRequest(method: .get, url: endpoint, parameters: ["a": [1, 2]])
        #expect(request.url == "https://example.com/upload?a%5B%5D=1&a%5B%5D=2")
        #expect(request.body == nil)
    }

    @Test func aCustomFormatWithoutAnEmptyBodyLeavesBodylessPostsAlone() throws {
        var serializer = RequestSerializer(registry: registry, includesDefaultHeaders: false)
        serializer.bodyMediaType = ContentType("text/csv")!
        let request = try serializer.serializedRequest(method: .post, url: endpoint)
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
    }
}
