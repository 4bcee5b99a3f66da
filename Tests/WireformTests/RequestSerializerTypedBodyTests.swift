import Foundation
import Testing
import Wireform

/// A value of a format's own type becomes a request body through `serializedRequest(method:url:query:body:format:)`,
/// and an `Encodable` value through `serializedRequest(method:url:query:encoding:format:placement:)` with
/// `placement: .body`: the two read, and behave, the same.
@Suite struct RequestSerializerTypedBodyTests {
    /// A format with values of its own: lines of text. Parameters are written as `key=value` lines.
    struct LinesSerializer: TypedBodySerializer {
        var mediaType: ContentType { ContentType("text/x-lines")! }

        func serialize(value: [String], context: BodySerializationContext) throws -> SerializedBody {
            guard value.allSatisfy({ !$0.contains("\n") }) else { throw LineBreakInLine() }
            return SerializedBody(contentType: mediaType, bytes: Array(value.map { $0 + "\n" }.joined().utf8))
        }

        func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
            guard case .dictionary(let dictionary) = parameters else {
                throw SerializationError(.unsupportedValue, "Lines need a dictionary, not \(parameters.kindName)")
            }
            return try serialize(value: dictionary.map { "\($0.key)=\(Self.text(of: $0.value))" }, context: context)
        }

        static func text(of value: ParameterValue) -> String {
            switch value {
            case .string(let text): return text
            case .number(let number): return number.text
            default: return value.kindName
            }
        }
    }

    /// The lines format's own error, not about the parameters.
    struct LineBreakInLine: Error, CustomStringConvertible {
        var description: String { "a line contains a line break" }
    }

    struct Event: Encodable {
        var name: String
        var count: Int
    }

    private let lines = LinesSerializer()

    private func serializer() throws -> RequestSerializer {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        try serializer.defaultHeaders.setValue("Wireform-Test", for: .userAgent)
        serializer.queryStyle = .indexed
        return serializer
    }

    @Test func aTypedValueIsTheBodyAndTheRestComesFromTheRequestSerializer() throws {
        let request = try serializer().serializedRequest(
            method: .post, url: "https://example.com/log?x=1", query: ["ids": [7, 8]], body: ["a", "b"],
            format: lines)
        #expect(request.method == .post)
        #expect(request.url == "https://example.com/log?x=1&ids%5B0%5D=7&ids%5B1%5D=8")
        #expect(bodyText(request) == "a\nb\n")
        #expect(
            headerLines(request.headers) == [
                "User-Agent: Wireform-Test", "Content-Type: text/x-lines", "Content-Length: 4",
            ])
    }

    @Test func anEncodableValueReadsAndBehavesTheSame() throws {
        let request = try serializer().serializedRequest(
            method: .post, url: "https://example.com/log?x=1", query: ["ids": [7, 8]],
            encoding: Event(name: "up", count: 2), format: lines, placement: .body)
        #expect(request.url == "https://example.com/log?x=1&ids%5B0%5D=7&ids%5B1%5D=8")
        #expect(bodyText(request) == "name=up\ncount=2\n")
        #expect(
            headerLines(request.headers) == [
                "User-Agent: Wireform-Test", "Content-Type: text/x-lines", "Content-Length: 16",
            ])
    }

    @Test func theValueGoesInTheBodyWhateverTheMethodRouting() throws {
        for method in [RequestMethod.delete, .patch, .put, RequestMethod("PROPPATCH")!] {
            let typed = try serializer().serializedRequest(
                method: method, url: "https://example.com", body: ["x"], format: lines)
            let encodable = try serializer().serializedRequest(
                method: method, url: "https://example.com", encoding: Event(name: "x", count: 1), format: lines,
                placement: .body)
            #expect(bodyText(typed) == "x\n")
            #expect(bodyText(encodable) == "name=x\ncount=1\n")
            #expect(typed.url == "https://example.com")
            #expect(encodable.url == "https://example.com")
        }
    }

    @Test(arguments: [RequestMethod.get, .head])
    func getAndHeadCannotCarryTheValue(method: RequestMethod) throws {
        let reason = "A \(method) request cannot carry a body; use POST, PUT, PATCH or another method that takes one"
        expectSerializationError(.unsupportedBody, reason) {
            _ = try serializer().serializedRequest(
                method: method, url: "https://example.com", body: ["x"], format: lines)
        }
        expectSerializationError(.unsupportedBody, reason) {
            _ = try serializer().serializedRequest(
                method: method, url: "https://example.com", encoding: Event(name: "x", count: 1), format: lines,
                placement: .body)
        }
    }

    @Test func theCallersContentTypeIsKept() throws {
        let headers = try HeaderFields(validating: [("Content-Type", "text/plain; charset=utf-8")])
        let request = try serializer().serializedRequest(
            method: .post, url: "https://example.com", headers: headers, body: ["x"], format: lines)
        #expect(
            headerLines(request.headers) == [
                "Content-Type: text/plain; charset=utf-8", "User-Agent: Wireform-Test", "Content-Length: 2",
            ])
    }

    @Test func theFormatsOwnErrorIsKeptAsTheUnderlyingErrorOfSerializerFailed() throws {
        let error = expectSerializationError(
            .serializerFailed, "The serializer for 'text/x-lines' failed"
        ) {
            _ = try serializer().serializedRequest(
                method: .post, url: "https://example.com", body: ["a\nb"], format: lines)
        }
        #expect(error?.underlyingError is LineBreakInLine)
        #expect(error?.description == "The serializer for 'text/x-lines' failed: a line contains a line break")
    }

    @Test func aSerializationErrorFromTheFormatPassesThroughUnchanged() throws {
        struct Scalar: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode("text")
            }
        }
        let error = expectSerializationError(.unsupportedValue, "Lines need a dictionary, not a string") {
            _ = try serializer().serializedRequest(
                method: .post, url: "https://example.com", encoding: Scalar(), format: lines, placement: .body)
        }
        #expect(error?.underlyingError == nil)
    }

    @Test func anInvalidURLStringIsAnError() throws {
        expectSerializationError(.invalidURL) {
            _ = try serializer().serializedRequest(method: .post, url: "not a url", body: ["x"], format: lines)
        }
        expectSerializationError(.invalidURL) {
            _ = try serializer().serializedRequest(
                method: .post, url: "not a url", encoding: Event(name: "x", count: 1), format: lines,
                placement: .body)
        }
    }

    @Test func serializeWithoutAContextUsesTheDefaultOne() throws {
        let body = try lines.serialize(value: ["a"])
        #expect(body.body.bytes == Array("a\n".utf8))
        #expect(body.contentType.description == "text/x-lines")
    }
}
