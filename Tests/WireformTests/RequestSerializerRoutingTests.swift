import Foundation
import Testing
import Wireform
import WireformFoundation

@Suite struct RequestSerializerRoutingTests {
    private let parameters: ParameterValue = ["n": 1, "q": "a b"]

    @Test(arguments: [RequestMethod.get, .head, .delete])
    func putsParametersInTheQueryForGetHeadAndDelete(method: RequestMethod) throws {
        let request = try plainSerializer().serializedRequest(
            method: method, url: "https://example.com/a", parameters: parameters)
        #expect(request.url == "https://example.com/a?n=1&q=a%20b")
        #expect(request.body == nil)
        #expect(request.headers.isEmpty)
        #expect(request.method == method)
    }

    @Test(arguments: [RequestMethod.post, .put, .patch, .options, RequestMethod("PROPFIND")!])
    func putsParametersInTheBodyForOtherMethods(method: RequestMethod) throws {
        let request = try plainSerializer().serializedRequest(
            method: method, url: "https://example.com/a", parameters: parameters)
        #expect(request.url == "https://example.com/a")
        #expect(bodyText(request) == "n=1&q=a%20b")
    }

    /// RFC 9110, section 9.1: methods are case-sensitive, so `get` is an extension method, routed (and compared)
    /// as one: equality and routing agree.
    @Test(arguments: ["get", "Get", "head", "delete", "DeLeTe"])
    func comparesMethodsCaseSensitively(name: String) throws {
        let method = try RequestMethod(validating: name)
        let serializer = plainSerializer()
        #expect(!serializer.encodesParametersInURL(method))
        #expect(method != RequestMethod(name.uppercased()))
        let request = try serializer.serializedRequest(method: method, url: "https://example.com", parameters: ["n": 1])
        #expect(request.url == "https://example.com")
        #expect(bodyText(request) == "n=1")
        #expect(request.method.rawValue == name)
    }

    @Test func methodsInTheURLAreConfigurable() throws {
        var serializer = plainSerializer()
        serializer.methodsEncodingParametersInURL = [.get, .post]
        #expect(serializer.encodesParametersInURL(.post))
        #expect(!serializer.encodesParametersInURL(.delete))
        let post = try serializer.serializedRequest(method: .post, url: "https://example.com", parameters: ["n": 1])
        #expect(post.url == "https://example.com?n=1")
        #expect(post.body == nil)
        let delete = try serializer.serializedRequest(method: .delete, url: "https://example.com", parameters: ["n": 1])
        #expect(delete.url == "https://example.com")
        #expect(bodyText(delete) == "n=1")
    }

    @Test(arguments: [
        ("https://example.com/a", "https://example.com/a?n=1"),
        ("https://example.com/a?", "https://example.com/a?n=1"),
        ("https://example.com/a?x=1", "https://example.com/a?x=1&n=1"),
        ("https://example.com/a?x=1&", "https://example.com/a?x=1&n=1"),
        ("https://example.com/a#frag", "https://example.com/a?n=1#frag"),
        ("https://example.com/a?x=1#f?g=h", "https://example.com/a?x=1&n=1#f?g=h"),
        ("https://example.com/a?b=%2F&a=1+2;c", "https://example.com/a?b=%2F&a=1+2;c&n=1"),
        ("https://user@example.com:8443/p/?x#", "https://user@example.com:8443/p/?x&n=1#"),
    ])
    func appendsTheQueryWithQuestionMarkOrAmpersandBeforeTheFragment(original: String, expected: String) throws {
        let request = try plainSerializer().serializedRequest(method: .get, url: original, parameters: ["n": 1])
        #expect(request.url == expected)
    }

    @Test(arguments: [ParameterValue.dictionary([:]), ["a": []], ["a": ["b": [:]]]])
    func anEmptyQueryChangesNothing(parameters: ParameterValue) throws {
        for original in ["https://example.com/a", "https://example.com/a?x=1#f", "https://example.com/a?"] {
            let request = try plainSerializer().serializedRequest(method: .get, url: original, parameters: parameters)
            #expect(request.url == original)
        }
    }

    @Test func noParametersChangeNothingForGet() throws {
        let request = try plainSerializer().serializedRequest(method: .get, url: try url("https://example.com/a?x"))
        #expect(request.url == "https://example.com/a?x")
        #expect(request.body == nil)
    }

    @Test func usesTheConfiguredQueryStyleAndSpaceEncoding() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .indexed
        serializer.spaceEncoding = .plus
        let request = try serializer.serializedRequest(
            method: .get, url: "https://example.com", parameters: ["t": ["a b", "c"]])
        #expect(request.url == "https://example.com?t%5B0%5D=a+b&t%5B1%5D=c")
    }

    @Test(arguments: ["", "not a url", "/relative/path", "example.com/a"])
    func anInvalidURLStringIsAnError(text: String) {
        expectSerializationError(.invalidURL, "Invalid URL '\(text)': expected an absolute URL") {
            _ = try plainSerializer().serializedRequest(method: .get, url: text, parameters: ["n": 1])
        }
        expectSerializationError(.invalidURL, "Invalid URL '\(text)': expected an absolute URL") {
            _ = try plainSerializer().serializedRequest(method: .post, url: text)
        }
    }

    @Test func anInvalidURLMessageEscapesControlCharacters() {
        expectSerializationError(.invalidURL, #"Invalid URL 'a\r\nb': expected an absolute URL"#) {
            _ = try plainSerializer().serializedRequest(method: .get, url: "a\r\nb")
        }
    }

    @Test func topLevelValuesThatAreNotDictionariesAreErrorsForTheQuery() {
        expectSerializationError(
            .unsupportedValue,
            "Query and form parameters must be a dictionary at the top level, not an array"
        ) {
            _ = try plainSerializer().serializedRequest(method: .get, url: "https://example.com", parameters: [1, 2])
        }
    }
}

@Suite struct RequestSerializerEncodableTests {
    private struct Search: Encodable {
        var q: String
        var page: Int
        var tags: [String]
    }

    @Test func encodableFieldsGoInTheQueryForGet() throws {
        let request = try plainSerializer().serializedRequest(
            method: .get, url: try url("https://example.com/s#top"), encoding: Search(q: "a b", page: 2, tags: ["x"]))
        #expect(request.url == "https://example.com/s?page=2&q=a%20b&tags%5B%5D=x#top")
        #expect(request.body == nil)
    }

    @Test func encodableFieldsGoInTheBodyForPost() throws {
        let request = try plainSerializer().serializedRequest(
            method: .post, url: try url("https://example.com/s"), encoding: Search(q: "a b", page: 2, tags: []))
        #expect(bodyText(request) == "page=2&q=a%20b")
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }
}
