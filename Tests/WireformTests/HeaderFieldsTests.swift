import Testing
import Wireform

@Suite struct HTTPHeadersTests {
    private let test = HeaderFields.Name("X-Test")!

    @Test func keepsFieldsInTheOrderTheyWereAdded() throws {
        var headers = HeaderFields()
        try headers.addValue("2", for: HeaderFields.Name("X-B")!)
        try headers.addValue("1", for: HeaderFields.Name("X-A")!)
        try headers.addValue("3", for: HeaderFields.Name("x-b")!)
        #expect(headerLines(headers) == ["X-B: 2", "X-A: 1", "x-b: 3"])
        #expect(headers.values(for: HeaderFields.Name("X-b")!) == ["2", "3"])
    }

    @Test func looksUpNamesCaseInsensitively() throws {
        var headers = HeaderFields()
        try headers.setValue("text/plain", for: .contentType)
        #expect(headers[HeaderFields.Name("content-type")!] == "text/plain")
        #expect(headers.contains(HeaderFields.Name("CONTENT-TYPE")!))
        #expect(headers[.accept] == nil)
        #expect(HeaderFields.Name("content-TYPE")! == .contentType)
        #expect(HeaderFields.Name("content-TYPE")!.rawName == "content-TYPE")
        #expect(HeaderFields.Name("content-TYPE")!.canonicalName == "content-type")
    }

    @Test func settingReplacesEveryFieldOfTheNameKeepingTheFirstPosition() throws {
        var headers = try HeaderFields(validating: [("A", "1"), ("B", "2"), ("a", "3")])
        try headers.setValue("4", for: HeaderFields.Name("A")!)
        #expect(headerLines(headers) == ["A: 4", "B: 2"])
    }

    @Test func removesEveryFieldOfTheName() throws {
        var headers = try HeaderFields(validating: [("A", "1"), ("B", "2"), ("a", "3")])
        headers.removeValues(for: HeaderFields.Name("A")!)
        #expect(headerLines(headers) == ["B: 2"])
    }

    @Test(arguments: [
        ("a\r\nX-Injected: 1", #"'a\r\nX-Injected: 1'"#),
        ("a\nb", #"'a\nb'"#),
        ("a\rb", #"'a\rb'"#),
        ("a\0b", #"'a\0b'"#),
        ("a\u{7F}", #"'a\u{7f}'"#),
        ("a\u{1B}", #"'a\u{1b}'"#),
        (" lead", "' lead'"),
        ("trail\t", #"'trail\t'"#),
    ])
    func rejectsControlCharactersAndSurroundingWhiteSpace(value: String, quoted: String) {
        let reason =
            "Invalid value \(quoted) for header 'X-Test': "
            + "CR, LF, NUL, other control characters and surrounding white space are not allowed"
        var headers = HeaderFields()
        expectSerializationError(.invalidHeader, reason) { try headers.setValue(value, for: test) }
        expectSerializationError(.invalidHeader, reason) { try headers.addValue(value, for: test) }
        #expect(headers.isEmpty)
    }

    /// R12 (issue 39): a credential header's bad value is not repeated in the message.
    @Test(arguments: [HeaderFields.Name.authorization, .proxyAuthorization, .cookie])
    func credentialValuesAreNotRepeated(name: HeaderFields.Name) {
        let reason =
            "Invalid value (not shown: it holds credentials) for header '\(name)': "
            + "CR, LF, NUL, other control characters and surrounding white space are not allowed"
        var headers = HeaderFields()
        expectSerializationError(.invalidHeader, reason) { try headers.setValue("Bearer S3cr3t\u{1}", for: name) }
    }

    @Test func acceptsTabsInsideEmptyValuesAndUTF8() throws {
        var headers = HeaderFields()
        try headers.addValue("a\tb", for: test)
        try headers.addValue("", for: test)
        try headers.addValue("café", for: test)
        #expect(headers.values(for: test) == ["a\tb", "", "café"])
    }

    @Test(arguments: ["", "Bad Name", "X:Y", "X\r\nY", "Ünicode", "(x)"])
    func rejectsNamesThatAreNotTokens(name: String) {
        #expect(HeaderFields.Name(name) == nil)
        expectSerializationError(.invalidHeader) { _ = try HeaderFields.Name(validating: name) }
        expectSerializationError(.invalidHeader) { _ = try HeaderFields(validating: [(name, "v")]) }
    }

    @Test func invalidNameMessageQuotesTheName() {
        expectSerializationError(
            .invalidHeader,
            #"Invalid header name 'X\r\nY': a name must be a non-empty RFC 9110 token"#
        ) { _ = try HeaderFields.Name(validating: "X\r\nY") }
    }

    @Test func equalityIgnoresNameCaseButNotOrderOrValues() throws {
        #expect(try HeaderFields(validating: [("a", "1")]) == HeaderFields(validating: [("A", "1")]))
        #expect(try HeaderFields(validating: [("a", "1")]) != HeaderFields(validating: [("a", "2")]))
        #expect(
            try HeaderFields(validating: [("a", "1"), ("b", "2")])
                != HeaderFields(validating: [("b", "2"), ("a", "1")])
        )
    }

    @Test func commonNames() {
        let names: [HeaderFields.Name] = [
            .accept, .acceptLanguage, .authorization, .contentDisposition, .contentLength, .contentType, .host,
            .transferEncoding, .userAgent,
        ]
        #expect(
            names.map(\.description) == [
                "Accept", "Accept-Language", "Authorization", "Content-Disposition", "Content-Length",
                "Content-Type", "Host", "Transfer-Encoding", "User-Agent",
            ]
        )
        let custom = HeaderFields.Name("X-Literal")!
        #expect(custom.rawName == "X-Literal")
    }
}
