import Foundation
import Testing
import Wireform

/// `ReservedCharacterEncoding.allowing(_:)` escaping more than the default: a set without `/` and `?` escapes them, in
/// names and values, in queries and form bodies, from a tree and from an `Encodable` value; unreserved characters,
/// numbers and indices stay literal.
@Suite struct EscapingMoreCharactersTests {
    /// RFC 3986 strict escaping (OAuth 1.0, RFC 5849 section 3.6): only unreserved characters stay literal.
    let strict: StandardQueryStyle

    init() throws {
        strict = StandardQueryStyle(reservedCharacters: try .allowing(""))
    }

    @Test func slashAndQuestionMarkAreEscapedInNamesAndValues() throws {
        #expect(try strict.queryString(for: ["next": "/a?b"]) == "next=%2Fa%3Fb")
        #expect(try StandardQueryStyle.brackets.queryString(for: ["next": "/a?b"]) == "next=/a?b")
        #expect(try strict.queryString(for: ["a/b?": ["c/d": "e?"]]) == "a%2Fb%3F%5Bc%2Fd%5D=e%3F")
        #expect(try strict.queryString(for: ["k": "a:b@c"]) == "k=a%3Ab%40c")
    }

    @Test func unreservedCharactersNumbersAndIndicesStayLiteral() throws {
        let indexed = StandardQueryStyle(arrays: .indexed, reservedCharacters: try .allowing(""))
        #expect(
            try indexed.queryString(for: ["u": "AZaz09-._~", "n": [-12, 1.5], "b": true])
                == "b=1&n%5B0%5D=-12&n%5B1%5D=1.5&u=AZaz09-._~")
    }

    @Test func everythingElseIsEscapedByteByByte() throws {
        #expect(try strict.queryString(for: ["k": "é 😀%+&="]) == "k=%C3%A9%20%F0%9F%98%80%25%2B%26%3D")
        #expect(try strict.queryString(for: ["k": "a b"], spaceEncoding: .plus) == "k=a+b")
        #expect(try strict.queryString(for: ["d": .data(Data([0x2F, 0x3F, 0x41, 0xFF]))]) == "d=%2F%3FA%FF")
        let dated = try strict.queryString(for: ["t": .date(Date(timeIntervalSince1970: 0))])
        #expect(dated == "t=1970-01-01T00%3A00%3A00Z")
    }

    @Test func theSetIsExactlyWhatIsNamed() throws {
        let slashOnly = StandardQueryStyle(reservedCharacters: try .allowing("/"))
        #expect(try slashOnly.queryString(for: ["p": "/a?b:c"]) == "p=/a%3Fb%3Ac")
        let questionAndColon = StandardQueryStyle(reservedCharacters: try .allowing("?:"))
        #expect(try questionAndColon.queryString(for: ["p": "/a?b:c"]) == "p=%2Fa?b:c")
    }

    @Test func encodableValuesAndTreesGiveTheSameBytes() throws {
        struct Value: Encodable {
            var path = "/a/b"
            var tags = ["x?", "y"]
        }
        let expected = "path=%2Fa%2Fb&tags%5B%5D=x%3F&tags%5B%5D=y"
        #expect(try strict.queryString(encoding: Value()) == expected)
        #expect(try strict.queryString(for: try ParameterValueEncoder().encode(Value())) == expected)
    }

    @Test func queriesAndFormBodiesOfARequestUseTheSet() throws {
        var serializer = RequestSerializer(queryStyle: strict)
        let query = try serializer.serializedRequest(
            method: .get, url: "https://example.com/s", parameters: ["next": "/a?b"])
        #expect(query.url == "https://example.com/s?next=%2Fa%3Fb")
        let form = try serializer.serializedRequest(
            method: .post, url: "https://example.com/s", parameters: ["next": "/a?b"])
        #expect(form.body?.bytes == Array("next=%2Fa%3Fb".utf8))
        serializer.spaceEncoding = .plus
        let plusForm = try serializer.serializedRequest(
            method: .post, url: "https://example.com/s", parameters: ["q": "a b/c"])
        #expect(plusForm.body?.bytes == Array("q=a+b%2Fc".utf8))
    }
}
