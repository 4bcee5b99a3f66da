import Foundation
import Testing
import Wireform
import WireformFoundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite struct RequestSerializerURLRequestTests {
    @Test func buildsAURLRequestWithMethodURLHeadersAndBody() throws {
        var serializer = plainSerializer()
        serializer.defaultHeaders = try HeaderFields(validating: [("X-Default", "d")])
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/a", parameters: ["a": 1]
        ).urlRequest()
        #expect(request.httpMethod == "POST")
        #expect(request.url?.absoluteString == "https://example.com/a")
        #expect(request.httpBody == Data("a=1".utf8))
        #expect(request.value(forHTTPHeaderField: "content-type") == "application/x-www-form-urlencoded")
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "3")
        #expect(request.value(forHTTPHeaderField: "X-Default") == "d")
    }

    /// R14 (issue 39): the URL URLSession sends is the one Wireform prints: `[` and `]` already escaped, so
    /// Foundation has nothing left to escape.
    @Test func bracketsReachTheURLRequestAsPrinted() throws {
        let serialized = try plainSerializer().serializedRequest(method: .get, url: "http://127.0.0.1:8080/p[q]?a=[1]")
        let request = try serialized.urlRequest()
        #expect(request.url?.absoluteString == serialized.url)
        #expect(request.url?.absoluteString == "http://127.0.0.1:8080/p%5Bq%5D?a=%5B1%5D")
    }

    @Test func serializingAnExistingRequestKeepsItsHeadersQueryAndProperties() throws {
        var original = URLRequest(url: try url("https://example.com/a?x=1#f"))
        original.httpMethod = "GET"
        original.setValue("Mine/1", forHTTPHeaderField: "User-Agent")
        original.setValue("v", forHTTPHeaderField: "X-Own")
        original.timeoutInterval = 42
        original.cachePolicy = .reloadIgnoringLocalCacheData
        var serializer = plainSerializer()
        serializer.defaultHeaders = try HeaderFields(validating: [("user-agent", "Default/2"), ("X-Default", "d")])
        let request = try serializer.serialize(original, parameters: ["n": 1])
        #expect(request.url?.absoluteString == "https://example.com/a?x=1&n=1#f")
        #expect(request.value(forHTTPHeaderField: "User-Agent") == "Mine/1")
        #expect(request.value(forHTTPHeaderField: "X-Own") == "v")
        #expect(request.value(forHTTPHeaderField: "X-Default") == "d")
        #expect(request.timeoutInterval == 42)
        #expect(request.cachePolicy == .reloadIgnoringLocalCacheData)
        #expect(request.httpBody == nil)
    }

    @Test func serializingAnExistingPostReplacesItsBodyAndKeepsItsContentType() throws {
        var original = URLRequest(url: try url("https://example.com/a"))
        original.httpMethod = "post"
        original.setValue("application/x-www-form-urlencoded; charset=utf-8", forHTTPHeaderField: "Content-Type")
        original.httpBody = Data("old".utf8)
        let request = try plainSerializer().serialize(original, parameters: ["a": "b c"])
        #expect(request.httpMethod?.uppercased() == "POST")  // Foundation on Linux uppercases it
        #expect(request.httpBody == Data("a=b%20c".utf8))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded; charset=utf-8")
    }

    @Test func anExistingBodyIsKeptWhenThereAreNoParameters() throws {
        var original = URLRequest(url: try url("https://example.com/a"))
        original.httpMethod = "POST"
        original.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        original.httpBody = Data([1, 2, 3])
        let request = try plainSerializer().serialize(original, parameters: nil)
        #expect(request.httpBody == Data([1, 2, 3]))
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/octet-stream")
    }

    @Test func anExistingPostWithoutBodyOrParametersGetsAnEmptyFormBody() throws {
        var original = URLRequest(url: try url("https://example.com/a"))
        original.httpMethod = "POST"
        let request = try plainSerializer().serialize(original, parameters: nil)
        #expect(request.httpBody == Data())
        #expect(request.value(forHTTPHeaderField: "Content-Type") == "application/x-www-form-urlencoded")
    }

    @Test func aRequestWithoutURLOrWithAnInvalidHeaderIsAnError() throws {
        var noURL = URLRequest(url: try url("https://example.com"))
        noURL.url = nil
        expectSerializationError(.invalidURL, "The request to serialize has no URL") {
            _ = try plainSerializer().serialize(noURL, parameters: nil)
        }
    }

    @Test func optionsAreAppliedOnlyWhenSet() throws {
        let serializer = plainSerializer()
        let untouched = try serializer.serializedRequest(method: .get, url: "https://example.com").urlRequest()
        let defaults = URLRequest(url: try url("https://example.com"))
        #expect(untouched.timeoutInterval == defaults.timeoutInterval)
        #expect(untouched.cachePolicy == defaults.cachePolicy)
        #expect(untouched.httpShouldHandleCookies == defaults.httpShouldHandleCookies)
        #expect(untouched.allowsCellularAccess == defaults.allowsCellularAccess)

        let options = RequestOptions(
            timeoutInterval: 5,
            cachePolicy: .returnCacheDataDontLoad,
            httpShouldHandleCookies: false,
            allowsCellularAccess: false,
            networkServiceType: .background
        )
        let configured = try serializer.serializedRequest(method: .get, url: "https://example.com").urlRequest(
            options: options)
        #expect(configured.timeoutInterval == 5)
        #expect(configured.cachePolicy == .returnCacheDataDontLoad)
        #expect(!configured.httpShouldHandleCookies)
        #expect(!configured.allowsCellularAccess)
        #expect(configured.networkServiceType == .background)
    }

    @Test func optionsOverrideAnExistingRequestOnlyWhereSet() throws {
        var original = URLRequest(url: try url("https://example.com"))
        original.timeoutInterval = 42
        original.httpShouldHandleCookies = false
        let serializer = plainSerializer()
        let request = try serializer.serialize(original, parameters: nil, options: RequestOptions(timeoutInterval: 7))
        #expect(request.timeoutInterval == 7)
        #expect(!request.httpShouldHandleCookies)
    }

    /// A body the test streams: `count` bytes from a reader, of known or unknown length.
    private struct StreamedSerializer: BodySerializer {
        var count: Int
        var isLengthKnown = true
        var mediaType: ContentType { .octetStream }
        func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            return SerializedBody(
                contentType: .octetStream,
                body: MessageBody(length: isLengthKnown ? .known(Int64(count)) : .unknown) {
                    ByteArrayBodyReader(bytes)
                }
            )
        }
    }

    private func streamedRequest(_ body: StreamedSerializer) throws -> SerializedRequest {
        var serializer = plainSerializer()
        serializer.registry.register(body)
        serializer.bodyMediaType = .octetStream
        return try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: [:])
    }

    /// On Linux a small streamed body of known length is read into `httpBody`, so URLSession sends it with its
    /// `Content-Length` instead of chunked; on Apple platforms it stays a stream, which URLSession sends with the
    /// `Content-Length`.
    @Test func aSmallStreamedBodyKeepsItsContentLength() throws {
        let request = try streamedRequest(StreamedSerializer(count: 3)).urlRequest()
        #expect(request.value(forHTTPHeaderField: "Content-Length") == "3")
        #if canImport(Darwin)
            #expect(readAll(try #require(request.httpBodyStream), maxLength: 2) == [0, 7, 14])
        #else
            #expect(request.httpBody.map { [UInt8]($0) } == [0, 7, 14])
            #expect(request.httpBodyStream == nil)
        #endif
    }

    /// The limit is `package`; its doc comments and the WireformFoundation landing page state the figure instead.
    @Test func theInMemoryBodyLimitIsTheDocumented4MiB() {
        #expect(SerializedRequest.inMemoryBodyLimit == 4 * 1024 * 1024)
    }

    /// Past 4 MiB, or without a known length, the body stays a stream (chunked on Linux, without Content-Length).
    @Test(arguments: [(SerializedRequest.inMemoryBodyLimit + 1, true), (3, false)])
    func aLargeOrUnknownStreamedBodyBecomesABodyStream(count: Int, isLengthKnown: Bool) throws {
        let serialized = try streamedRequest(StreamedSerializer(count: count, isLengthKnown: isLengthKnown))
        let request = try serialized.urlRequest()
        #expect(request.httpBody == nil)
        let stream = try #require(request.httpBodyStream)
        #expect(readAll(stream, maxLength: 65536)?.count == count)
        #if canImport(Darwin)
            #expect(request.value(forHTTPHeaderField: "Content-Length") == (isLengthKnown ? "\(count)" : nil))
        #else
            // URLSession on Linux sends every stream chunked: no Content-Length alongside it.
            #expect(request.value(forHTTPHeaderField: "Content-Length") == nil)
        #endif
    }
}
