import Foundation
import Testing
import Wireform

/// One example of RFC 3986's section 5.4: a reference and its target against the base `http://a/b/c/d;p?q`.
struct ResolutionExample: Sendable, CustomTestStringConvertible {
    /// The reference, as written in the RFC.
    var reference: String
    /// The target, as written in the RFC.
    var target: String

    var testDescription: String { "'\(reference)' → '\(target)'" }

    /// The base every example of RFC 3986's section 5.4 is resolved against.
    static let base = "http://a/b/c/d;p?q"

    /// RFC 3986, section 5.4.1 (normal examples), every one.
    static let normal: [Self] = [
        Self(reference: "g:h", target: "g:h"),
        Self(reference: "g", target: "http://a/b/c/g"),
        Self(reference: "./g", target: "http://a/b/c/g"),
        Self(reference: "g/", target: "http://a/b/c/g/"),
        Self(reference: "/g", target: "http://a/g"),
        Self(reference: "//g", target: "http://g"),
        Self(reference: "?y", target: "http://a/b/c/d;p?y"),
        Self(reference: "g?y", target: "http://a/b/c/g?y"),
        Self(reference: "#s", target: "http://a/b/c/d;p?q#s"),
        Self(reference: "g#s", target: "http://a/b/c/g#s"),
        Self(reference: "g?y#s", target: "http://a/b/c/g?y#s"),
        Self(reference: ";x", target: "http://a/b/c/;x"),
        Self(reference: "g;x", target: "http://a/b/c/g;x"),
        Self(reference: "g;x?y#s", target: "http://a/b/c/g;x?y#s"),
        Self(reference: "", target: "http://a/b/c/d;p?q"),
        Self(reference: ".", target: "http://a/b/c/"),
        Self(reference: "./", target: "http://a/b/c/"),
        Self(reference: "..", target: "http://a/b/"),
        Self(reference: "../", target: "http://a/b/"),
        Self(reference: "../g", target: "http://a/b/g"),
        Self(reference: "../..", target: "http://a/"),
        Self(reference: "../../", target: "http://a/"),
        Self(reference: "../../g", target: "http://a/g"),
    ]

    /// RFC 3986, section 5.4.2 (abnormal examples), every one; `http:g` has the strict parser's target.
    static let abnormal: [Self] = [
        Self(reference: "../../../g", target: "http://a/g"),
        Self(reference: "../../../../g", target: "http://a/g"),
        Self(reference: "/./g", target: "http://a/g"),
        Self(reference: "/../g", target: "http://a/g"),
        Self(reference: "g.", target: "http://a/b/c/g."),
        Self(reference: ".g", target: "http://a/b/c/.g"),
        Self(reference: "g..", target: "http://a/b/c/g.."),
        Self(reference: "..g", target: "http://a/b/c/..g"),
        Self(reference: "./../g", target: "http://a/b/g"),
        Self(reference: "./g/.", target: "http://a/b/c/g/"),
        Self(reference: "g/./h", target: "http://a/b/c/g/h"),
        Self(reference: "g/../h", target: "http://a/b/c/h"),
        Self(reference: "g;x=1/./y", target: "http://a/b/c/g;x=1/y"),
        Self(reference: "g;x=1/../y", target: "http://a/b/c/y"),
        Self(reference: "g?y/./x", target: "http://a/b/c/g?y/./x"),
        Self(reference: "g?y/../x", target: "http://a/b/c/g?y/../x"),
        Self(reference: "g#s/./x", target: "http://a/b/c/g#s/./x"),
        Self(reference: "g#s/../x", target: "http://a/b/c/g#s/../x"),
        Self(reference: "http:g", target: "http:g"),
    ]
}

/// ``RequestSerializer/baseURL``: relative request URLs resolved by RFC 3986's section 5, then checked as every URL.
@Suite struct RequestSerializerBaseURLTests {
    /// A serializer without default headers whose base is RFC 3986's example base.
    func rfcSerializer() -> RequestSerializer {
        var serializer = plainSerializer()
        serializer.baseURL = ResolutionExample.base
        return serializer
    }

    /// Builds a `GET` request for the example's reference and expects the RFC's target, or, for a target that is
    /// not an `http` URL with a host (`g:h`, `http:g`), the refusal that names it.
    func expectTarget(_ example: ResolutionExample, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let serializer = rfcSerializer()
        switch example.target {
        case "g:h":
            expectSerializationError(
                .invalidURL, "Invalid URL 'g:h': the scheme 'g' is not http or https", sourceLocation: sourceLocation
            ) { _ = try serializer.serializedRequest(method: .get, url: example.reference) }
        case "http:g":
            expectSerializationError(
                .invalidURL, "Invalid URL 'http:g': expected '//' and a host after 'http:'",
                sourceLocation: sourceLocation
            ) { _ = try serializer.serializedRequest(method: .get, url: example.reference) }
        default:
            let request = try serializer.serializedRequest(method: .get, url: example.reference)
            #expect(request.url == example.target, sourceLocation: sourceLocation)
        }
    }

    @Test(arguments: ResolutionExample.normal)
    func resolvesEveryNormalExampleOfRFC3986(_ example: ResolutionExample) throws {
        try expectTarget(example)
    }

    @Test(arguments: ResolutionExample.abnormal)
    func resolvesEveryAbnormalExampleOfRFC3986(_ example: ResolutionExample) throws {
        try expectTarget(example)
    }

    @Test func theTargetsPartsAreWhatARequestCarries() throws {
        let request = try rfcSerializer().serializedRequest(method: .get, url: "../g;x?y#s")
        #expect(request.scheme == "http")
        #expect(request.authority == "a")
        #expect(request.path == "/b/g;x?y")
        let network = try rfcSerializer().serializedRequest(method: .get, url: "//g")
        #expect(network.authority == "g")
        #expect(network.path == "/")
    }

    @Test func getParametersAreAppendedToTheResolvedURL() throws {
        let serializer = rfcSerializer()
        let cases: [(reference: String, url: String)] = [
            ("g", "http://a/b/c/g?page=2"),
            ("g?y", "http://a/b/c/g?y&page=2"),
            ("", "http://a/b/c/d;p?q&page=2"),
            ("?y", "http://a/b/c/d;p?y&page=2"),
            ("g#s", "http://a/b/c/g?page=2#s"),
            ("#s", "http://a/b/c/d;p?q&page=2#s"),
        ]
        for (reference, url) in cases {
            let request = try serializer.serializedRequest(method: .get, url: reference, parameters: ["page": 2])
            #expect(request.url == url, "\(reference)")
        }
        let query = try serializer.serializedRequest(
            method: .post, url: "../g", query: ["v": 1], parameters: ["name": "a b"])
        #expect(query.url == "http://a/b/g?v=1")
        #expect(bodyText(query) == "name=a%20b")
    }

    @Test func everyCallThatBuildsARequestResolvesItsURL() throws {
        let serializer = rfcSerializer()
        struct Filter: Encodable { var q = "x" }
        let encoded = try serializer.serializedRequest(method: .get, url: "search", encoding: Filter())
        #expect(encoded.url == "http://a/b/c/search?q=x")
        let body = SerializedBody(contentType: .json, bytes: Array("{}".utf8))
        let own = try serializer.serializedRequest(method: .post, url: "/upload", query: ["v": 1], body: body)
        #expect(own.url == "http://a/upload?v=1")
        let json = try serializer.serializedRequest(
            method: .get, url: "../items", json: JSONText(MessageBody(bytes: Array(#"{"id":7}"#.utf8))))
        #expect(json.url == "http://a/b/items?id=7")
    }

    @Test func aTypedBodyRequestResolvesItsURL() throws {
        struct TextFormat: TypedBodySerializer {
            var mediaType: ContentType { .json }
            func serialize(value: String, context: BodySerializationContext) throws -> SerializedBody {
                SerializedBody(contentType: .json, bytes: Array(value.utf8))
            }
            func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
                throw SerializationError(.unsupportedValue, "TextFormat writes strings, not parameters")
            }
        }
        let request = try rfcSerializer().serializedRequest(
            method: .put, url: "g/./h", body: "\"x\"", format: TextFormat())
        #expect(request.url == "http://a/b/c/g/h")
        #expect(bodyText(request) == "\"x\"")
    }

    @Test func anAbsoluteURLKeepsAllButItsDotSegments() throws {
        let serializer = rfcSerializer()
        let other = try serializer.serializedRequest(method: .get, url: "https://other.example:8443/x/../y?z#f")
        #expect(other.url == "https://other.example:8443/y?z#f")
        // Without a base, an absolute URL is sent exactly as written, as before base URLs existed.
        let unresolved = try plainSerializer().serializedRequest(method: .get, url: "https://other.example/x/../y")
        #expect(unresolved.url == "https://other.example/x/../y")
    }

    @Test func aBaseWithoutATrailingSlashLosesItsLastSegment() throws {
        // RFC 3986 (and `URL(string:relativeTo:)`): a relative path replaces the base's last segment. AFNetworking's
        // AFHTTPSessionManager adds the `/` itself; Wireform resolves the base as written.
        var serializer = plainSerializer()
        serializer.baseURL = "http://example.com/v1"
        #expect(try serializer.serializedRequest(method: .get, url: "foo").url == "http://example.com/foo")
        serializer.baseURL = "http://example.com/v1/"
        #expect(try serializer.serializedRequest(method: .get, url: "foo").url == "http://example.com/v1/foo")
        // A base with no path at all: the reference goes under `/`.
        serializer.baseURL = "http://example.com"
        #expect(try serializer.serializedRequest(method: .get, url: "foo").url == "http://example.com/foo")
    }

    @Test func resolvesAFNetworkingsDocumentedExamples() throws {
        // The examples of AFHTTPSessionManager.h for the base `http://example.com/v1/`. Its `foo/` row says
        // `http://example.com/v1/foo`; resolution (and NSURL) keep the trailing slash.
        var serializer = plainSerializer()
        serializer.baseURL = "http://example.com/v1/"
        let examples: [(reference: String, url: String)] = [
            ("foo", "http://example.com/v1/foo"),
            ("foo?bar=baz", "http://example.com/v1/foo?bar=baz"),
            ("/foo", "http://example.com/foo"),
            ("foo/", "http://example.com/v1/foo/"),
            ("/foo/", "http://example.com/foo/"),
            ("http://example2.com/", "http://example2.com/"),
        ]
        for (reference, url) in examples {
            #expect(try serializer.serializedRequest(method: .get, url: reference).url == url, "\(reference)")
        }
    }

    @Test func aURLIsABaseToo() throws {
        var serializer = plainSerializer()
        serializer.baseURL = try url("https://api.example.com/v1/")
        let request = try serializer.serializedRequest(method: .get, url: "users", parameters: ["page": 2])
        #expect(request.url == "https://api.example.com/v1/users?page=2")
    }

    @Test func nonASCIITextInAReferenceIsPercentEncoded() throws {
        let request = try rfcSerializer().serializedRequest(method: .get, url: "café?q=ü")
        #expect(request.url == "http://a/b/c/caf%C3%A9?q=%C3%BC")
    }

    @Test func aRelativeURLWithoutABaseIsRefusedByName() {
        expectSerializationError(.invalidURL, "Invalid URL 'users': expected an absolute URL") {
            _ = try plainSerializer().serializedRequest(method: .get, url: "users")
        }
        expectSerializationError(.invalidURL, "Invalid URL '../g': expected an absolute URL") {
            _ = try plainSerializer().serializedRequest(method: .post, url: "../g", parameters: ["a": 1])
        }
    }

    @Test(arguments: [
        ("v1/", "Invalid base URL 'v1/': expected an absolute URL"),
        ("/v1/", "Invalid base URL '/v1/': expected an absolute URL"),
        ("//example.com/v1/", "Invalid base URL '//example.com/v1/': expected an absolute URL"),
        ("ftp://example.com/", "Invalid base URL 'ftp://example.com/': the scheme 'ftp' is not http or https"),
        (
            "https://example.com/v1/#top",
            "Invalid base URL 'https://example.com/v1/#top': a base URL cannot have a fragment (RFC 3986, section 5.1)"
        ),
        (
            "https://example.com/#",
            "Invalid base URL 'https://example.com/#': a base URL cannot have a fragment (RFC 3986, section 5.1)"
        ),
        (
            "https://example.com/%zz/",
            "Invalid base URL 'https://example.com/%zz/': the '%' at byte 20 is not followed by two hex digits"
        ),
        (
            "https://example.com:99999/",
            "Invalid base URL 'https://example.com:99999/': the port 99999 is above 65535"
        ),
        ("https://example.com:8x/", "Invalid base URL 'https://example.com:8x/': the port '8x' is not a number"),
        (
            "https://example.com/a b/",
            "Invalid base URL 'https://example.com/a b/': the space at byte 21 must be percent-encoded"
        ),
    ])
    func anInvalidBaseRefusesEveryRequestByName(base: String, reason: String) {
        var serializer = plainSerializer()
        serializer.baseURL = base
        expectSerializationError(.invalidURL, reason) {
            _ = try serializer.serializedRequest(method: .get, url: "users")
        }
        expectSerializationError(.invalidURL, reason) {
            _ = try serializer.serializedRequest(method: .get, url: "https://example.com/absolute")
        }
        expectSerializationError(.invalidURL, reason) {
            _ = try serializer.serializedRequest(
                method: .post, url: "users", body: SerializedBody(contentType: .json, bytes: []))
        }
    }

    @Test(arguments: [
        ("g%zz", "Invalid URL 'g%zz': the '%' at byte 1 is not followed by two hex digits"),
        // Refused even though dot-segment removal would drop the bad segment.
        ("%zz/../g", "Invalid URL '%zz/../g': the '%' at byte 0 is not followed by two hex digits"),
        ("g?q=%4", "Invalid URL 'g?q=%4': the '%' at byte 4 is not followed by two hex digits"),
        ("a b", "Invalid URL 'a b': the space at byte 1 must be percent-encoded"),
        ("g\r\nh", #"Invalid URL 'g\r\nh': the byte 0x0D at byte 1 must be percent-encoded"#),
        (
            "//g:99999/x",
            "Invalid URL 'http://g:99999/x' ('//g:99999/x' resolved against the base URL 'http://a/b/c/d;p?q'): "
                + "the port 99999 is above 65535"
        ),
        (
            "//g:x/",
            "Invalid URL 'http://g:x/' ('//g:x/' resolved against the base URL 'http://a/b/c/d;p?q'): "
                + "the port 'x' is not a number"
        ),
        (
            "//ü/x",
            "Invalid URL 'http://ü/x' ('//ü/x' resolved against the base URL 'http://a/b/c/d;p?q'): "
                + "the host is not ASCII; write an international name in its xn-- form"
        ),
        ("https://a:70000/", "Invalid URL 'https://a:70000/': the port 70000 is above 65535"),
    ])
    func anInvalidReferenceIsRefusedAsToday(reference: String, reason: String) {
        expectSerializationError(.invalidURL, reason) {
            _ = try rfcSerializer().serializedRequest(method: .get, url: reference)
        }
    }

    @Test func aRequestMadeWithoutASerializerHasNoBase() {
        // `SerializedRequest(method:url:)` takes only absolute URLs: a base belongs to a serializer.
        expectSerializationError(.invalidURL, "Invalid URL 'users': expected an absolute URL") {
            _ = try SerializedRequest(method: .get, url: "users")
        }
    }
}
