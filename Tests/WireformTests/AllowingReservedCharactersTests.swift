import Foundation
import Testing
import Wireform

/// `ReservedCharacterEncoding.allowing(_:)` (Alamofire's `allowedCharacters`): exactly the named reserved characters
/// stay literal, in names and values, so a caller escapes more (`/`, `?`) or fewer than the default; unreserved
/// characters are always literal; everything that would change the pairs is refused.
@Suite struct AllowingReservedCharactersTests {
    /// Every RFC 3986 reserved character, with `%` and a space.
    private static let reserved = ":#[]@!$&'()*+,;=/?% "

    @Test func theChosenCharactersStayLiteralInNamesAndValues() throws {
        let style = StandardQueryStyle(reservedCharacters: try .allowing(":@,"))
        #expect(try style.queryString(for: ["at": "10:30@home,x"]) == "at=10:30@home,x")
        #expect(try StandardQueryStyle.brackets.queryString(for: ["at": "10:30@home,x"]) == "at=10%3A30%40home%2Cx")
        #expect(try style.queryString(for: ["a:b": ["c@d": "e,f"]]) == "a:b%5Bc@d%5D=e,f")
    }

    @Test func everyAllowableCharacterAgainstTheWholeReservedSet() throws {
        let style = StandardQueryStyle(reservedCharacters: try .allowing(":@!$'()*,;/?"))
        #expect(
            try style.queryString(for: ["k": .string(Self.reserved)])
                == "k=:%23%5B%5D@!$%26'()*%2B,;%3D/?%25%20")
        #expect(
            try style.queryString(for: ["k": .string(Self.reserved)], spaceEncoding: .plus)
                == "k=:%23%5B%5D@!$%26'()*%2B,;%3D/?%25+")
        // Without `/` and `?` in the set, they are escaped too.
        let withoutSlash = StandardQueryStyle(reservedCharacters: try .allowing(":@!$'()*,;"))
        #expect(
            try withoutSlash.queryString(for: ["k": .string(Self.reserved)])
                == "k=:%23%5B%5D@!$%26'()*%2B,;%3D%2F%3F%25%20")
        // Non-ASCII text stays escaped as its UTF-8 bytes; a `%` is escaped even before hex digits.
        #expect(try style.queryString(for: ["k": "é%41"]) == "k=%C3%A9%2541")
    }

    @Test func everyValueKindUsesTheSameTable() throws {
        let style = StandardQueryStyle(arrays: .commaDelimited, reservedCharacters: try .allowing("*"))
        #expect(try style.queryString(for: ["d": .data(Data("a*b".utf8))]) == "d=a*b")
        #expect(try style.queryString(for: ["l": ["a*", "b,c"]]) == "l=a*,b%2Cc")
        #expect(try style.queryString(for: ["n": 1.5, "t": true, "z": .null]) == "n=1.5&t=1&z")
    }

    /// A named `,` stays literal, except inside the items of a comma-delimited list, where a reader would take it
    /// for the delimiter.
    @Test func aCommaInsideACommaDelimitedItemIsStillEscaped() throws {
        struct Value: Encodable {
            var l = ["a,b", "c"]
            var s = "x,y"
        }
        let arrays = StandardQueryStyle(arrays: .commaDelimited, reservedCharacters: try .allowing(","))
        #expect(try arrays.queryString(for: ["l": ["a,b", "c"], "s": "x,y"]) == "l=a%2Cb,c&s=x,y")
        #expect(try arrays.queryString(encoding: Value()) == "l=a%2Cb,c&s=x,y")
        #expect(try arrays.queryString(for: ["l": ["a, b", "c"]], spaceEncoding: .plus) == "l=a%2C+b,c")
        let nesting = StandardQueryStyle(nesting: .commaDelimited, reservedCharacters: try .allowing(",:"))
        #expect(try nesting.queryString(for: ["color": ["R": "1,2:3"]]) == "color=R,1%2C2:3")
        // Another delimiter cannot be mistaken for a comma: the set applies as named.
        let spaced = StandardQueryStyle(arrays: .spaceDelimited, reservedCharacters: try .allowing(","))
        #expect(try spaced.queryString(for: ["l": ["a,b", "c"]]) == "l=a,b%20c")
    }

    @Test func encodableValuesGiveTheSameBytes() throws {
        struct Value: Encodable {
            var time = "10:30"
            var tags = ["a:b", "c;d"]
            var nested = ["x(y)": "$1"]
        }
        let style = StandardQueryStyle(reservedCharacters: try .allowing(":;()$"))
        let expected = "nested%5Bx(y)%5D=$1&tags%5B%5D=a:b&tags%5B%5D=c;d&time=10:30"
        #expect(try style.queryString(encoding: Value()) == expected)
        #expect(try style.queryString(for: try ParameterValueEncoder().encode(Value())) == expected)
    }

    @Test func theRequestsURLCarriesTheQueryAsWritten() throws {
        let serializer = RequestSerializer(queryStyle: StandardQueryStyle(reservedCharacters: try .allowing(":,")))
        let request = try serializer.serializedRequest(
            method: .get, url: "https://example.com/s", parameters: ["at": "10:30,11:00"])
        #expect(request.url == "https://example.com/s?at=10:30,11:00")
    }

    @Test(arguments: [
        ("&", "'&'", "it separates pairs"),
        ("=", "'='", "it separates a name from its value"),
        ("+", "'+'", "form readers read it as a space"),
        ("#", "'#'", "it ends the query"),
        ("%", "'%'", "it starts a percent-encoded byte"),
        ("[", "'['", "RFC 3986 does not allow it in a query"),
        ("]", "']'", "RFC 3986 does not allow it in a query"),
        (" ", "' '", "a space is written as the request's spaceEncoding says"),
        ("\n", "'\\n'", "it is a control character"),
        ("\u{7F}", "'\\u{7f}'", "it is a control character"),
        ("é", "'é'", "a non-ASCII character is always escaped as its UTF-8 bytes"),
        ("\"", "'\"'", "RFC 3986 does not allow it in a URL"),
        ("<", "'<'", "RFC 3986 does not allow it in a URL"),
        ("{", "'{'", "RFC 3986 does not allow it in a URL"),
        ("|", "'|'", "RFC 3986 does not allow it in a URL"),
        ("\\", "'\\'", "RFC 3986 does not allow it in a URL"),
        ("^", "'^'", "RFC 3986 does not allow it in a URL"),
        ("`", "'`'", "RFC 3986 does not allow it in a URL"),
    ])
    func charactersThatWouldChangeTheQueryAreRefused(character: String, quoted: String, reason: String) {
        let error = #expect(throws: SerializationError.self) {
            _ = try StandardQueryStyle.ReservedCharacterEncoding.allowing(":" + character + "@")
        }
        #expect(error?.code == .unsupportedValue)
        #expect(error?.reason == "A query cannot leave \(quoted) unescaped: \(reason)")
    }

    @Test func theDefaultSetIsPercentEncoded() throws {
        typealias Encoding = StandardQueryStyle.ReservedCharacterEncoding
        #expect(try Encoding.allowing("/?") == .percentEncoded)
        #expect(try Encoding.allowing("?/azAZ09-._~") == .percentEncoded)
        #expect(try Encoding.allowing("") != .percentEncoded)
        #expect(try Encoding.allowing("") == .allowing("azAZ09-._~"))
        #expect(try Encoding.allowing(":/") == .allowing("/::"))
        #expect(try Encoding.allowing(":") != .allowing("@"))
        #expect(try Encoding.allowing(":") != .allowed)
        let set: Set = [try Encoding.allowing(":@"), try .allowing("@:"), .allowed]
        #expect(set.count == 2)
    }

    /// A form reader (WHATWG `application/x-www-form-urlencoded` parsing, as Python's `parse_qsl`) reads back the
    /// pairs that were written, whatever the allowed characters and the text.
    @Test func formReadersReadBackThePairs() throws {
        let text = "a:b@c!d$e'f(g)h*i,j;k&l=m+n#o%p q/r?s[t]u é😀"
        let parameters: ParameterValue = ["x " + text: .string(text), "plain": ["one", .string(text)]]
        for characters in ["", "/?", ":@!$'()*,;", "/?:@!$'()*,;"] {
            try expectFormReadersReadBack(parameters, text: text, allowing: characters)
        }
    }

    private func expectFormReadersReadBack(
        _ parameters: ParameterValue, text: String, allowing characters: String
    ) throws {
        let style = StandardQueryStyle(arrays: .repeated, reservedCharacters: try .allowing(characters))
        for spaceEncoding in [PercentEncoding.SpaceEncoding.percent20, .plus] {
            let query = try style.queryString(for: parameters, spaceEncoding: spaceEncoding)
            let pairs = try #require(Self.formPairs(query))
            #expect(
                pairs.map { "\($0.0)=\($0.1)" }
                    == ["plain=one", "plain=\(text)", "x \(text)=\(text)"])
        }
    }

    /// The pairs of a form-encoded string: split at `&`, then at the first `=`, `+` read as a space, `%XX` decoded.
    private static func formPairs(_ query: String) -> [(String, String)]? {
        var pairs: [(String, String)] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: false) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2,
                let name = parts[0].replacingOccurrences(of: "+", with: " ").removingPercentEncoding,
                let value = parts[1].replacingOccurrences(of: "+", with: " ").removingPercentEncoding
            else { return nil }
            pairs.append((name, value))
        }
        return pairs
    }
}
