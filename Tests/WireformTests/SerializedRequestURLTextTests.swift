import Testing
import Wireform

/// A serialized request keeps its URL as the text Wireform checked and wrote (issue 22): no Foundation `URL` is
/// parsed, and the text is refused with a message saying what is wrong.
@Suite struct SerializedRequestURLTextTests {
    @Test func partsAreCutFromTheTextAsWritten() throws {
        let request = try plainSerializer().serializedRequest(
            method: .get, url: "HTTPS://user@Example.com:8443/a%2Fb/c?x=1#top", parameters: ["q": "a b"])
        #expect(request.url == "HTTPS://user@Example.com:8443/a%2Fb/c?x=1&q=a%20b#top")
        #expect(request.scheme == "HTTPS")
        #expect(request.authority == "user@Example.com:8443")
        #expect(request.path == "/a%2Fb/c?x=1&q=a%20b")
    }

    @Test(arguments: [
        ("http://127.0.0.1", "/"), ("http://127.0.0.1?x=1", "/?x=1"), ("http://[::1]:8080/p?q#f", "/p?q"),
        ("http://h#f", "/"),
    ])
    func pathIsAlwaysOriginForm(_ url: String, _ path: String) throws {
        #expect(try SerializedRequest(method: .get, url: url).path == path)
    }

    @Test(arguments: [
        "http://h:65535/", "http://h:0/", "http://h:/", "http://[::1]/", "http://[::1]:80/", "http://u:p@h/",
    ])
    func portsUpTo65535AndEmptyPortsAreKept(_ url: String) throws {
        #expect(try SerializedRequest(method: .get, url: url).url == url)
    }

    @Test func queryGoesBeforeTheFragmentOfAnEmptyPath() throws {
        let request = try plainSerializer().serializedRequest(method: .get, url: "http://h#f", parameters: ["a": 1])
        #expect(request.url == "http://h?a=1#f")
        #expect(request.path == "/?a=1")
    }

    @Test(arguments: [
        ("ftp://example.com/a", "the scheme 'ftp' is not http or https"),
        ("mailto:me@example.com", "the scheme 'mailto' is not http or https"),
        ("https:example.com", "expected '//' and a host after 'https:'"),
        ("https:///path", "it has no host"),
        ("https://:8080/path", "it has no host"),
        ("https://me@/path", "it has no host"),
        ("https://example.com/a b", "the space at byte 21 must be percent-encoded"),
        ("https://example.com/a\tb", "the byte 0x09 at byte 21 must be percent-encoded"),
        ("https://example.com/a\u{7F}", "the byte 0x7F at byte 21 must be percent-encoded"),
        ("https://example.com/<a>", "the '<' at byte 20 must be percent-encoded"),
        ("https://example.com/a?b=\"c\"", "the '\"' at byte 24 must be percent-encoded"),
        ("https://example.com/a%2", "the '%' at byte 21 is not followed by two hex digits"),
        ("https://example.com/a%zz", "the '%' at byte 21 is not followed by two hex digits"),
        ("https://exämple.com/", "the host is not ASCII; write an international name in its xn-- form"),
        // Issue 30, H2: a port above 65535 used to wrap (83939 reached port 18403 with Host: …:83939).
        ("http://127.0.0.1:83939/", "the port 83939 is above 65535"),
        ("http://127.0.0.1:65536/", "the port 65536 is above 65535"),
        ("http://[::1]:99999/", "the port 99999 is above 65535"),
        ("http://h:8o/", "the port '8o' is not a number"),
        ("http://h:123456789012345678901234567890/", "the port 123456789012345678901234567890 is above 65535"),
    ])
    func invalidURLTextSaysWhatIsWrong(_ url: String, _ problem: String) {
        let reason = "Invalid URL \(SerializationError.quoted(url)): \(problem)"
        expectSerializationError(.invalidURL, reason) {
            _ = try plainSerializer().serializedRequest(method: .get, url: url, parameters: ["n": 1])
        }
        expectSerializationError(.invalidURL, reason) { _ = try SerializedRequest(method: .get, url: url) }
    }

    @Test func nonASCIITextAfterTheHostIsPercentEncodedAsUTF8() throws {
        let request = try SerializedRequest(method: .get, url: "https://example.com/é?x=ü#ß")
        #expect(request.url == "https://example.com/%C3%A9?x=%C3%BC#%C3%9F")
        #expect(request.path == "/%C3%A9?x=%C3%BC")
    }

    /// R14 (issue 39): `[` and `]` in a path or query were kept raw, so the printed request line said
    /// `/p[q]?a=[1]` while AsyncHTTPClient and URLSession sent `/p%5Bq%5D?a=%5B1%5D`. Wireform escapes them itself;
    /// an IP literal host keeps its brackets.
    @Test func bracketsInThePathAndQueryArePercentEncoded() throws {
        let request = try plainSerializer().serializedRequest(method: .get, url: "http://127.0.0.1:8080/p[q]?a=[1]")
        #expect(request.url == "http://127.0.0.1:8080/p%5Bq%5D?a=%5B1%5D")
        #expect(request.path == "/p%5Bq%5D?a=%5B1%5D")
        let literal = try SerializedRequest(method: .get, url: "http://[::1]:8080/x[]?y]#[z]")
        #expect(literal.url == "http://[::1]:8080/x%5B%5D?y%5D#%5Bz%5D")
        #expect(literal.authority == "[::1]:8080")
        #expect(literal.path == "/x%5B%5D?y%5D")
        let withParameters = try plainSerializer().serializedRequest(
            method: .get, url: "http://h/a?b[]=1", parameters: ["c": [1]])
        #expect(withParameters.path == "/a?b%5B%5D=1&c%5B%5D=1")
    }

    @Test func aRawQuerysBracketsArePercentEncoded() throws {
        var serializer = plainSerializer()
        serializer.queryStyle = .raw { _ in "a[0]=1" }
        let request = try serializer.serializedRequest(method: .get, url: "http://h/", parameters: ["a": 1])
        #expect(request.path == "/?a%5B0%5D=1")
    }

    @Test func schemeIsMatchedWithoutCase() throws {
        #expect(try SerializedRequest(method: .get, url: "HtTp://example.com").scheme == "HtTp")
    }

    @Test func aCustomQueryStylesPairsAreEscapedAndARawQueryIsChecked() throws {
        struct Fixed: QueryStyle {
            func appendPairs(for parameters: ParameterValue, to pairs: inout [QueryPair]) {
                pairs.append(QueryPair(name: "a", value: .text("ü #")))
            }
        }
        var serializer = plainSerializer()
        serializer.queryStyle = Fixed()
        let request = try serializer.serializedRequest(method: .get, url: "https://e.com/p", parameters: ["n": 1])
        #expect(request.url == "https://e.com/p?a=%C3%BC%20%23")
        serializer.queryStyle = .raw { _ in "a=b c" }
        expectSerializationError(
            .unsupportedValue,
            "The raw query 'a=b c' has a space at byte 3, which must be percent-encoded; it was not sent"
        ) {
            _ = try serializer.serializedRequest(method: .get, url: "https://e.com/p", parameters: ["n": 1])
        }
    }
}
