import Testing
import Wireform

/// The default escaping is AFNetworking's `AFPercentEscapedStringFromString` (and Alamofire's `afURLQueryAllowed`):
/// RFC 3986's general delimiters `:#[]@` and sub-delimiters `!$&'()*+,;=` are escaped, `/` and `?` are kept
/// (RFC 3986 section 3.4), in names as in values.
@Suite struct AFNetworkingEscapingTests {
    /// Each reserved character with the escape AFNetworking writes for it (uppercase hex, as `NSString`'s
    /// `stringByAddingPercentEncodingWithAllowedCharacters:` writes).
    static let reserved: [(character: String, escaped: String)] = [
        (":", "%3A"), ("#", "%23"), ("[", "%5B"), ("]", "%5D"), ("@", "%40"),
        ("!", "%21"), ("$", "%24"), ("&", "%26"), ("'", "%27"), ("(", "%28"), (")", "%29"),
        ("*", "%2A"), ("+", "%2B"), (",", "%2C"), (";", "%3B"), ("=", "%3D"),
        ("/", "/"), ("?", "?"),
    ]

    @Test func everyReservedCharacterIsEscapedAsAFNetworkingDoes() throws {
        for (character, escaped) in Self.reserved {
            let parameters: ParameterValue = .dictionary(["k" + character: .string("v" + character)])
            #expect(
                try StandardQueryStyle.brackets.queryString(for: parameters) == "k\(escaped)=v\(escaped)",
                "\(character)")
        }
    }

    @Test func allReservedCharactersTogetherAndUnreservedOnesStay() throws {
        let all = Self.reserved.map(\.character).joined()
        let expected = Self.reserved.map(\.escaped).joined()
        #expect(
            try StandardQueryStyle.brackets.queryString(for: ["q": .string(all + " -._~é")])
                == "q=\(expected)%20-._~%C3%A9")
        #expect(StandardQueryStyle.brackets.reservedCharacters == .percentEncoded)
    }
}
