import Foundation
import Testing
@_spi(Testing) import Wireform

@Suite struct DefaultHeadersTests {
    @Test func acceptLanguageHasFallingQValuesAndAtMostSixLanguages() {
        #expect(
            DefaultHeaders.acceptLanguage(for: ["en-US", "fr", "de", "es", "it", "ja", "zh"])
                == "en-US;q=1, fr;q=0.9, de;q=0.8, es;q=0.7, it;q=0.6, ja;q=0.5"
        )
        #expect(DefaultHeaders.acceptLanguage(for: ["fr-CA"]) == "fr-CA;q=1")
    }

    @Test func acceptLanguageSkipsInvalidAndRepeatedTags() {
        #expect(
            DefaultHeaders.acceptLanguage(for: ["en", "EN", "not a tag", "x", "fr\r\n", "zh-Hant-TW", "e1"])
                == "en;q=1, zh-Hant-TW;q=0.9"
        )
        #expect(DefaultHeaders.acceptLanguage(for: []) == nil)
        #expect(DefaultHeaders.acceptLanguage(for: ["C", "?"]) == nil)
    }

    @Test(arguments: [
        (["LANG": "fr_CA.UTF-8"], "fr-CA;q=1"),
        (["LANG": "de_DE@euro"], "de-DE;q=1"),
        (["LANG": "sr_RS.UTF-8@latin"], "sr-RS;q=1"),
        (["LC_ALL": "de_DE", "LC_MESSAGES": "fr_FR", "LANG": "en_US"], "de-DE;q=1"),
        (["LC_MESSAGES": "fr_FR", "LANG": "en_US"], "fr-FR;q=1"),
        (["LC_ALL": "", "LANG": "es_ES"], "es-ES;q=1"),
        (["LANGUAGE": "pt_BR:pt:en", "LANG": "pt_BR.UTF-8"], "pt-BR;q=1, pt;q=0.9, en;q=0.8"),
        (
            ["LANGUAGE": "ja:ko:zh:fr:de:it:es", "LANG": "en_GB.UTF-8"],
            "ja;q=1, ko;q=0.9, zh;q=0.8, fr;q=0.7, de;q=0.6, it;q=0.5"
        ),
        (["LANGUAGE": "", "LANG": "nl_NL.UTF-8"], "nl-NL;q=1"),
    ])
    func acceptLanguageFromTheEnvironment(environment: [String: String], expected: String) {
        #expect(DefaultHeaders.acceptLanguage(environment: environment) == expected)
    }

    /// Regression: `LANG=C` or `LANG=POSIX` name no language, and GNU gettext ignores `LANGUAGE` then.
    @Test(arguments: [
        [:],
        ["LANG": "C"],
        ["LANG": "POSIX"],
        ["LANG": "C.UTF-8"],
        ["LANG": ""],
        ["LANG": "C", "LANGUAGE": "fr:de"],
        ["LANGUAGE": "fr"],
        ["LC_ALL": "C", "LANG": "fr_FR.UTF-8"],
        ["LC_ALL": "POSIX", "LANGUAGE": "fr", "LANG": "fr_FR.UTF-8"],
        ["LC_MESSAGES": "C.utf8", "LANG": "fr_FR.UTF-8"],
    ])
    func cAndPOSIXLocalesProduceNoAcceptLanguage(environment: [String: String]) {
        #expect(DefaultHeaders.acceptLanguage(environment: environment) == nil)
        #expect(DefaultHeaders.preferredLanguages(environment: environment) == [])
    }

    @Test(
        arguments: [
            ("fr_CA.UTF-8", "fr-CA"), ("en", "en"), ("zh_Hant_TW", "zh-Hant-TW"), ("de_DE@euro", "de-DE"),
            ("C", nil), ("POSIX", nil), ("C.UTF-8", nil), ("", nil), ("fr CA", nil), ("1234", nil),
        ] as [(String, String?)])
    func languageTagFromALocaleName(locale: String, tag: String?) {
        #expect(DefaultHeaders.languageTag(fromLocale: locale) == tag)
    }

    @Test func userAgentIsASCIIProductTokensAndEndsWithTheLibrary() throws {
        let userAgent = DefaultHeaders.userAgent
        #expect(userAgent.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F })
        #expect(userAgent.hasSuffix(" Wireform/\(DefaultHeaders.libraryVersion)"))
        let product = try #require(userAgent.split(separator: " ").first)
        let tokens = product.split(separator: "/", omittingEmptySubsequences: false)
        #expect((1...2).contains(tokens.count))
        // RequestMethod accepts exactly RFC 9110 tokens.
        #expect(tokens.allSatisfy { RequestMethod(String($0)) != nil })
        #expect(userAgent.contains(" ("))
        var headers = HeaderFields()
        try headers.setValue(userAgent, for: .userAgent)
    }

    @Test(arguments: [
        ("MyApp", "MyApp"), ("Café App/1.0", "Caf--App-1.0"), ("日本", "--"), ("", "unknown"), ("a\r\nb", "a--b"),
        ("v1.2-beta+3", "v1.2-beta+3"),
    ])
    func productTokenReplacesEachDisallowedCharacterWithOneDash(text: String, token: String) {
        #expect(DefaultHeaders.productToken(text) == token)
    }

    @Test func userAgentFromAGivenApplicationNameAndVersion() throws {
        // The same comment and library token as the default User-Agent: everything from its first " (".
        let standard = DefaultHeaders.userAgent
        let start = try #require(standard.range(of: " (")).lowerBound
        let rest = String(standard[start...])
        #expect(rest.hasSuffix(") Wireform/\(DefaultHeaders.libraryVersion)"))
        #expect(DefaultHeaders.userAgent(applicationName: "Uploader", version: "2.1") == "Uploader/2.1" + rest)
        #expect(
            DefaultHeaders.userAgent(applicationName: "Café App", version: "2.1 (beta)") == "Caf--App/2.1--beta-" + rest
        )
        #expect(DefaultHeaders.userAgent(applicationName: "tool", version: nil) == "tool" + rest)
        var headers = HeaderFields()
        try headers.setValue(DefaultHeaders.userAgent(applicationName: "a\r\nb/c", version: "\u{0}"), for: .userAgent)
        #expect(headers[.userAgent] == "a--b-c/-" + rest)
    }
}
