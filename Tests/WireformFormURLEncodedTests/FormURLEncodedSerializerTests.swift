import Foundation
import Testing
import Wireform
import WireformFormURLEncoded

@Suite struct FormURLEncodedSerializerTests {
    private let parameters: ParameterValue = [
        "name": "bang",
        "phone": ["mobile": "xx", "home": "xx"],
        "families": ["father", "mother"],
        "nums": .set([1, 2]),
    ]

    @Test func writesAFNetworkingsExampleAsTheBody() throws {
        let body = try FormURLEncodedSerializer().serialize(parameters)
        #expect(
            body.body.bytes
                == Array(
                    ("families%5B%5D=father&families%5B%5D=mother&name=bang&nums=1&nums=2"
                        + "&phone%5Bhome%5D=xx&phone%5Bmobile%5D=xx").utf8
                )
        )
        #expect(body.contentType.description == "application/x-www-form-urlencoded")
        #expect(body.body.length == .known(107))
    }

    @Test func spacesArePercent20ByDefaultAndPlusOnRequest() throws {
        let parameters: ParameterValue = ["a b": "c d+e", "é": "/?&"]
        #expect(try text(.formURLEncoded, parameters) == "a%20b=c%20d%2Be&%C3%A9=/?%26")
        #expect(try text(.formURLEncoded(spaceEncoding: .plus), parameters) == "a+b=c+d%2Be&%C3%A9=/?%26")
    }

    @Test func usesTheConfiguredQueryStyle() throws {
        let parameters: ParameterValue = ["t": ["a", "b"], "on": true]
        #expect(try text(.formURLEncoded(queryStyle: .indexed), parameters) == "on=1&t%5B0%5D=a&t%5B1%5D=b")
        #expect(try text(.formURLEncoded(queryStyle: .commaDelimited), parameters) == "on=1&t=a,b")
        #expect(try text(.formURLEncoded(queryStyle: .deepObject), parameters) == "on=true&t=a&t=b")
    }

    /// A caller-chosen escape set (`ReservedCharacterEncoding.allowing(_:)`) reaches form bodies: escaping more and
    /// escaping fewer than the default, with either space encoding.
    @Test func usesTheStylesEscapeSet() throws {
        let parameters: ParameterValue = ["p": "/a?b:c d"]
        let strict = StandardQueryStyle(reservedCharacters: try .allowing(""))
        #expect(try text(.formURLEncoded(queryStyle: strict), parameters) == "p=%2Fa%3Fb%3Ac%20d")
        #expect(
            try text(.formURLEncoded(queryStyle: strict, spaceEncoding: .plus), parameters) == "p=%2Fa%3Fb%3Ac+d")
        let relaxed = StandardQueryStyle(reservedCharacters: try .allowing(":/?"))
        #expect(try text(.formURLEncoded(queryStyle: relaxed), parameters) == "p=/a?b:c%20d")
    }

    @Test func hasNoCharsetByDefaultAndOneWhenAsked() throws {
        #expect(try FormURLEncodedSerializer().serialize(["a": 1]).contentType.parameter("charset") == nil)
        let serializer = FormURLEncodedSerializer(charset: "utf-8")
        #expect(
            try serializer.serialize(["a": 1]).contentType.description
                == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(
            try serializer.bodyWithoutParameters?.contentType.description
                == "application/x-www-form-urlencoded; charset=utf-8")
        #expect(serializer.mediaType == .formURLEncoded)
    }

    /// Regression: an invalid charset silently dropped the body of a request without parameters.
    @Test(arguments: ["utf 8", "", "utf-8\r\nX: 1", "\"utf-8\""])
    func anInvalidCharsetIsAThrownError(charset: String) throws {
        let serializer = FormURLEncodedSerializer(charset: charset)
        let quoted = charset.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
        let reason =
            "Invalid charset '\(quoted)' for 'application/x-www-form-urlencoded': a charset name is a token such as 'utf-8'"
        expectError(.invalidHeader, reason) { _ = try serializer.serialize(["a": 1]) }
        expectError(.invalidHeader, reason) { _ = try serializer.bodyWithoutParameters }
        let requests = RequestSerializer(registry: BodySerializerRegistry([serializer]), includesDefaultHeaders: false)
        expectError(.invalidHeader, reason) {
            _ = try requests.serializedRequest(method: .post, url: "https://example.com")
        }
    }

    @Test func noParametersGiveAnEmptyBodyWithTheContentType() throws {
        let body = try #require(try FormURLEncodedSerializer().bodyWithoutParameters)
        #expect(body.body.bytes == [])
        #expect(body.contentType == .formURLEncoded)
    }

    @Test func topLevelValuesThatAreNotDictionariesAreErrors() {
        expectError(
            .unsupportedValue, "Query and form parameters must be a dictionary at the top level, not an array"
        ) {
            _ = try FormURLEncodedSerializer().serialize(["a", "b"])
        }
    }

    @Test func registersThroughThePublicStaticMember() throws {
        var registry = BodySerializerRegistry()
        registry.register(.formURLEncoded)
        let found = try registry.serializer(
            for: ContentType(validating: "Application/X-WWW-Form-URLEncoded; charset=utf-8"))
        #expect(found is FormURLEncodedSerializer)
        registry.register(.formURLEncoded(spaceEncoding: .plus))
        #expect((try registry.serializer(for: .formURLEncoded) as? FormURLEncodedSerializer)?.spaceEncoding == .plus)
        #expect(registry.registeredMediaTypes == [.formURLEncoded])
    }

    @Test func postThroughTheRequestSerializerWritesTheBodyAndHeaders() throws {
        let serializer = RequestSerializer(
            registry: BodySerializerRegistry([.formURLEncoded]), includesDefaultHeaders: false)
        let request = try serializer.serializedRequest(
            method: .post, url: "https://example.com/users", parameters: parameters)
        #expect(request.url == "https://example.com/users")
        #expect(request.body?.bytes?.count == 107)
        #expect(
            request.headers.map { "\($0.name): \($0.value)" } == [
                "Content-Type: application/x-www-form-urlencoded", "Content-Length: 107",
            ]
        )
    }

    @Test func postWithoutParametersGetsAnEmptyFormBody() throws {
        let serializer = RequestSerializer(
            registry: BodySerializerRegistry([.formURLEncoded]), includesDefaultHeaders: false)
        let request = try serializer.serializedRequest(method: .post, url: "https://example.com")
        #expect(request.body?.bytes == [])
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test func getPutsTheSameTextInTheQueryInstead() throws {
        let serializer = RequestSerializer(
            registry: BodySerializerRegistry([.formURLEncoded]), includesDefaultHeaders: false)
        let get = try serializer.serializedRequest(
            method: .get, url: "https://example.com/s?x=1#top", parameters: parameters)
        let post = try serializer.serializedRequest(method: .post, url: "https://example.com/s", parameters: parameters)
        #expect(get.body == nil)
        #expect(get.headers.isEmpty)
        #expect(get.url == "https://example.com/s?x=1&" + (bodyString(post) ?? "") + "#top")
    }

    @Test func aPlusFormStillEscapesALiteralPlusForAServerToReadBack() throws {
        let bytes = try FormURLEncodedSerializer(spaceEncoding: .plus).serialize(["q": "1 + 1 = 2"]).body.bytes
        #expect(bytes == Array("q=1+%2B+1+%3D+2".utf8))
        #expect(formDecoded(bytes ?? []).map { "\($0.0)=\($0.1)" } == ["q=1 + 1 = 2"])
    }

    @Test func roundTripsThroughAFormParser() throws {
        let parameters: ParameterValue = ["emoji": "👨‍👩‍👧 👍🏽", "reserved": " :#[]@!$&'()*+,;=/?", "a": ["x y": "1"]]
        for spaceEncoding in [PercentEncoding.SpaceEncoding.percent20, .plus] {
            let bytes =
                try FormURLEncodedSerializer(spaceEncoding: spaceEncoding).serialize(parameters).body.bytes ?? []
            #expect(
                formDecoded(bytes).map { "\($0.0)=\($0.1)" } == [
                    "a[x y]=1", "emoji=👨‍👩‍👧 👍🏽", "reserved= :#[]@!$&'()*+,;=/?",
                ]
            )
        }
    }

    private func text(_ serializer: FormURLEncodedSerializer, _ parameters: ParameterValue) throws -> String? {
        try serializer.serialize(parameters).body.bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    private func bodyString(_ request: SerializedRequest) -> String? {
        request.body?.bytes.map { String(decoding: $0, as: UTF8.self) }
    }

    /// A WHATWG-style form parser, for tests only: `+` is a space, `%XX` a byte.
    private func formDecoded(_ bytes: [UInt8]) -> [(String, String)] {
        func decode(_ part: ArraySlice<UInt8>) -> String {
            var output: [UInt8] = []
            var index = part.startIndex
            while index < part.endIndex {
                let byte = part[index]
                if byte == UInt8(ascii: "+") {
                    output.append(0x20)
                } else if byte == UInt8(ascii: "%"), index + 2 < part.endIndex + 0,
                    let value = UInt8(String(decoding: part[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
                {
                    output.append(value)
                    index += 2
                } else {
                    output.append(byte)
                }
                index += 1
            }
            return String(decoding: output, as: UTF8.self)
        }
        return bytes.split(separator: UInt8(ascii: "&")).map { pair in
            let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
            return (decode(parts[0]), parts.count > 1 ? decode(parts[1]) : "")
        }
    }

    private func expectError(
        _ code: SerializationError.Code,
        _ reason: String,
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: () throws -> Void
    ) {
        do {
            try body()
            Issue.record("Expected a SerializationError with code '\(code)'", sourceLocation: sourceLocation)
        } catch let error as SerializationError {
            #expect(error.code == code, sourceLocation: sourceLocation)
            #expect(error.reason == reason, sourceLocation: sourceLocation)
        } catch {
            Issue.record("Expected a SerializationError, got \(error)", sourceLocation: sourceLocation)
        }
    }
}
