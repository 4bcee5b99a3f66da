import Testing
import Wireform

/// `QueryStyle.raw`: AFNetworking's `setQueryStringSerializationWithBlock:`, the closure's text used as it is, and
/// text that would break a URL or a form body refused with a message instead of sent.
@Suite struct RawQueryStyleTests {
    private static let style: CustomQueryStyle = .raw { parameters in
        guard case .dictionary(let fields) = parameters else { return "" }
        return fields.map { name, _ in "\(name)=%2F1" }.joined(separator: "&") + "&flag"
    }

    @Test func theTextIsTheQueryAndTheFormBodyAsItIs() throws {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        serializer.queryStyle = Self.style
        let get = try serializer.serializedRequest(method: .get, url: "https://e.com/p?x=y", parameters: ["b": 2])
        #expect("\(get.url)" == "https://e.com/p?x=y&b=%2F1&flag")
        let post = try serializer.serializedRequest(method: .post, url: "https://e.com/p", parameters: ["b": 2])
        #expect(bodyText(post) == "b=%2F1&flag")
        #expect(try Self.style.queryString(for: ["a": "ignored"], spaceEncoding: .plus) == "a=%2F1&flag")
    }

    @Test func aMultipartFormOrAnyPairReaderGetsTheDecodedPairs() throws {
        var pairs: [QueryPair] = []
        try CustomQueryStyle.raw { _ in "a%20b=c%26d&&e=&flag" }.appendPairs(for: [:], to: &pairs)
        #expect(pairs.map(\.name) == ["a b", "e", "flag"])
        #expect(pairs.map(\.value) == [.text("c&d"), .text(""), .nameOnly])
    }

    @Test(arguments: [
        ("a b", "a space at byte 1, which must be percent-encoded"),
        ("a=1#x", "a '#' at byte 3, which must be percent-encoded"),
        ("a=é", "byte 0xC3 at byte 2, which must be percent-encoded"),
        ("a=\r\n", "byte 0x0D at byte 2, which must be percent-encoded"),
        ("a=%2", "a '%' at byte 2 that does not start a percent-encoded triple"),
        ("a=%zz", "a '%' at byte 2 that does not start a percent-encoded triple"),
    ])
    func textThatIsNotAQueryIsRefused(text: String, problem: String) {
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        serializer.queryStyle = .raw { _ in text }
        let error = expectSerializationError(.unsupportedValue) {
            _ = try serializer.serializedRequest(method: .get, url: "https://e.com", parameters: ["a": 1])
        }
        #expect(error?.reason.hasSuffix("has \(problem); it was not sent") == true, "\(error?.reason ?? "")")
    }
}
