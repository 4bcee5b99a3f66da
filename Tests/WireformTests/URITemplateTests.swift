import Testing
import Wireform

/// RFC 6570's own examples (section 3.2, level 4 variables), byte for byte, plus the parser's errors.
///
/// https://www.rfc-editor.org/rfc/rfc6570#section-3.2
@Suite struct URITemplateTests {
    /// RFC 6570 section 3.2's variables; `bar` is undefined there, so it is given as null here.
    static let values: [String: ParameterValue] = [
        "count": ["one", "two", "three"],
        "dom": ["example", "com"],
        "dub": "me/too",
        "hello": "Hello World!",
        "half": "50%",
        "var": "value",
        "who": "fred",
        "base": "http://example.com/home/",
        "path": "/foo/bar",
        "list": ["red", "green", "blue"],
        "keys": ["semi": ";", "dot": ".", "comma": ","],
        "v": "6",
        "x": "1024",
        "y": "768",
        "empty": "",
        "empty_keys": [:],
        "undef": .null,
        "bar": .null,
    ]

    static let examples: [(String, String)] = [
        // 3.2.1 Variable expansion
        ("{count}", "one,two,three"), ("{count*}", "one,two,three"), ("{/count}", "/one,two,three"),
        ("{/count*}", "/one/two/three"), ("{;count}", ";count=one,two,three"),
        ("{;count*}", ";count=one;count=two;count=three"), ("{?count}", "?count=one,two,three"),
        ("{?count*}", "?count=one&count=two&count=three"), ("{&count*}", "&count=one&count=two&count=three"),
        // 3.2.2 Simple string expansion
        ("{var}", "value"), ("{hello}", "Hello%20World%21"), ("{half}", "50%25"), ("O{empty}X", "OX"),
        ("O{undef}X", "OX"), ("{x,y}", "1024,768"), ("{x,hello,y}", "1024,Hello%20World%21,768"),
        ("?{x,empty}", "?1024,"), ("?{x,undef}", "?1024"), ("?{undef,y}", "?768"), ("{var:3}", "val"),
        ("{var:30}", "value"), ("{list}", "red,green,blue"), ("{list*}", "red,green,blue"),
        ("{keys}", "semi,%3B,dot,.,comma,%2C"), ("{keys*}", "semi=%3B,dot=.,comma=%2C"),
        // 3.2.3 Reserved expansion
        ("{+var}", "value"), ("{+hello}", "Hello%20World!"), ("{+half}", "50%25"),
        ("{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"), ("{+base}index", "http://example.com/home/index"),
        ("O{+empty}X", "OX"), ("O{+undef}X", "OX"), ("{+path}/here", "/foo/bar/here"),
        ("here?ref={+path}", "here?ref=/foo/bar"), ("up{+path}{var}/here", "up/foo/barvalue/here"),
        ("{+x,hello,y}", "1024,Hello%20World!,768"), ("{+path,x}/here", "/foo/bar,1024/here"),
        ("{+path:6}/here", "/foo/b/here"), ("{+list}", "red,green,blue"), ("{+list*}", "red,green,blue"),
        ("{+keys}", "semi,;,dot,.,comma,,"), ("{+keys*}", "semi=;,dot=.,comma=,"),
        // 3.2.4 Fragment expansion
        ("{#var}", "#value"), ("{#hello}", "#Hello%20World!"), ("{#half}", "#50%25"), ("foo{#empty}", "foo#"),
        ("foo{#undef}", "foo"), ("{#x,hello,y}", "#1024,Hello%20World!,768"),
        ("{#path,x}/here", "#/foo/bar,1024/here"), ("{#path:6}/here", "#/foo/b/here"),
        ("{#list}", "#red,green,blue"), ("{#list*}", "#red,green,blue"), ("{#keys}", "#semi,;,dot,.,comma,,"),
        ("{#keys*}", "#semi=;,dot=.,comma=,"),
        // 3.2.5 Label expansion with dot-prefix
        ("{.who}", ".fred"), ("{.who,who}", ".fred.fred"), ("{.half,who}", ".50%25.fred"),
        ("www{.dom*}", "www.example.com"), ("X{.var}", "X.value"), ("X{.empty}", "X."), ("X{.undef}", "X"),
        ("X{.var:3}", "X.val"), ("X{.list}", "X.red,green,blue"), ("X{.list*}", "X.red.green.blue"),
        ("X{.keys}", "X.semi,%3B,dot,.,comma,%2C"), ("X{.keys*}", "X.semi=%3B.dot=..comma=%2C"),
        ("X{.empty_keys}", "X"), ("X{.empty_keys*}", "X"),
        // 3.2.6 Path segment expansion
        ("{/who}", "/fred"), ("{/who,who}", "/fred/fred"), ("{/half,who}", "/50%25/fred"),
        ("{/who,dub}", "/fred/me%2Ftoo"), ("{/var}", "/value"), ("{/var,empty}", "/value/"),
        ("{/var,undef}", "/value"), ("{/var,x}/here", "/value/1024/here"), ("{/var:1,var}", "/v/value"),
        ("{/list}", "/red,green,blue"), ("{/list*}", "/red/green/blue"),
        ("{/list*,path:4}", "/red/green/blue/%2Ffoo"), ("{/keys}", "/semi,%3B,dot,.,comma,%2C"),
        ("{/keys*}", "/semi=%3B/dot=./comma=%2C"),
        // 3.2.7 Path-style parameter expansion
        ("{;who}", ";who=fred"), ("{;half}", ";half=50%25"), ("{;empty}", ";empty"),
        ("{;v,empty,who}", ";v=6;empty;who=fred"), ("{;v,bar,who}", ";v=6;who=fred"), ("{;x,y}", ";x=1024;y=768"),
        ("{;x,y,empty}", ";x=1024;y=768;empty"), ("{;x,y,undef}", ";x=1024;y=768"), ("{;hello:5}", ";hello=Hello"),
        ("{;list}", ";list=red,green,blue"), ("{;list*}", ";list=red;list=green;list=blue"),
        ("{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"), ("{;keys*}", ";semi=%3B;dot=.;comma=%2C"),
        // 3.2.8 Form-style query expansion
        ("{?who}", "?who=fred"), ("{?half}", "?half=50%25"), ("{?x,y}", "?x=1024&y=768"),
        ("{?x,y,empty}", "?x=1024&y=768&empty="), ("{?x,y,undef}", "?x=1024&y=768"), ("{?var:3}", "?var=val"),
        ("{?list}", "?list=red,green,blue"), ("{?list*}", "?list=red&list=green&list=blue"),
        ("{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"), ("{?keys*}", "?semi=%3B&dot=.&comma=%2C"),
        // 3.2.9 Form-style query continuation
        ("{&who}", "&who=fred"), ("{&half}", "&half=50%25"), ("?fixed=yes{&x}", "?fixed=yes&x=1024"),
        ("{&x,y,empty}", "&x=1024&y=768&empty="), ("{&var:3}", "&var=val"), ("{&list}", "&list=red,green,blue"),
        ("{&list*}", "&list=red&list=green&list=blue"), ("{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"),
        ("{&keys*}", "&semi=%3B&dot=.&comma=%2C"),
    ]

    @Test(arguments: examples)
    func expandsTheRFCExample(_ template: String, _ expected: String) throws {
        #expect(try URITemplate(template).expand(Self.values) == expected)
    }

    @Test func expandsAnOpenAPIPathAndATemplatedURL() throws {
        let template = try URITemplate("https://api.example.com/users/{id}/posts{?tags*}")
        #expect(template.variableNames == ["id", "tags"])
        let expanded = try template.expand(["id": 42, "tags": ["a b", "c"]])
        #expect(expanded == "https://api.example.com/users/42/posts?tags=a%20b&tags=c")
    }

    /// OpenAPI: a path parameter's value never adds an unescaped `/`, `?` or `#`.
    @Test(arguments: ["{id}", "{/id}", "{.id}", "{;id}", "{?id}", "{&id}"])
    func valuesNeverAddPathDelimiters(_ expression: String) throws {
        let expanded = try URITemplate("/users/" + expression).expand(["id": "a/b?c#d"])
        #expect(expanded.hasSuffix("a%2Fb%3Fc%23d"))
        #expect(expanded.dropFirst("/users/".count).filter { "/?#".contains($0) }.count <= 1)
    }

    @Test func variableNamesMayHoldDashesDotsAndTriples() throws {
        let template = try URITemplate("/{user-id}/{a.b}/{%41}")
        #expect(template.variableNames == ["user-id", "a.b", "%41"])
        #expect(try template.expand(["user-id": "1", "a.b": "2", "%41": "3"]) == "/1/2/3")
    }

    @Test func literalsOutsideTheURISyntaxAreEscaped() throws {
        #expect(try URITemplate("/a b/é/%zz/%2F/{x}").expand(["x": "1"]) == "/a%20b/%C3%A9/%25zz/%2F/1")
    }

    @Test func prefixesCountUnicodeScalars() throws {
        #expect(try URITemplate("{x:2}").expand(["x": "éab"]) == "%C3%A9a")
    }

    @Test func scalarsOtherThanStringsHaveTheirText() throws {
        let values: [String: ParameterValue] = ["b": true, "n": 1.5, "i": -3]
        #expect(try URITemplate("{b}/{n}/{i}").expand(values) == "true/1.5/-3")
    }

    // MARK: - Errors

    static let syntaxErrors: [(String, String)] = [
        ("/users/{id", "Unclosed '{' at offset 7 in URI template '/users/{id'"),
        ("{a{b}", "Unclosed '{' at offset 0 in URI template '{a{b}'"),
        ("/users/id}", "Unmatched '}' at offset 9 in URI template '/users/id}'"),
        ("/x{}", "Empty expression '{}' at offset 2 in URI template '/x{}'"),
        ("/{=x}", "Operator '=' at offset 1 is reserved by RFC 6570 and not supported in URI template '/{=x}'"),
        ("{|x}", "Operator '|' at offset 0 is reserved by RFC 6570 and not supported in URI template '{|x}'"),
        ("{a b}", "Invalid variable name 'a b' at offset 0 in URI template '{a b}'"),
        ("{.a..b}", "Invalid variable name 'a..b' at offset 0 in URI template '{.a..b}'"),
        ("{a,}", "Empty variable name at offset 0 in URI template '{a,}'"),
        ("{?}", "Empty variable name at offset 0 in URI template '{?}'"),
        (
            "{x:0}",
            "Invalid prefix length ':0' for variable 'x' at offset 0; RFC 6570 allows 1 to 9999 in URI template '{x:0}'"
        ),
        (
            "{x:10000}",
            "Invalid prefix length ':10000' for variable 'x' at offset 0; RFC 6570 allows 1 to 9999 in URI template "
                + "'{x:10000}'"
        ),
        (
            "{x:}",
            "Invalid prefix length ':' for variable 'x' at offset 0; RFC 6570 allows 1 to 9999 in URI template '{x:}'"
        ),
        ("{x*:3}", "Invalid variable name 'x*' at offset 0 in URI template '{x*:3}'"),
    ]

    @Test(arguments: syntaxErrors)
    func rejectsABadTemplateNamingWhereAndWhat(_ template: String, _ reason: String) {
        expectSerializationError(.invalidTemplate, reason) { _ = try URITemplate(template) }
    }

    @Test func aVariableWithNoValueIsAnError() {
        expectSerializationError(.invalidTemplate, "No value for template variable 'id' in URI template '/users/{id}'")
        {
            _ = try URITemplate("/users/{id}").expand(["ID": 1])
        }
    }

    @Test func aPrefixOnAListOrDictionaryIsAnError() {
        expectSerializationError(
            .unsupportedValue,
            "Prefix ':2' cannot apply to 'list', which is an array or set, in URI template '{list:2}'"
        ) {
            _ = try URITemplate("{list:2}").expand(["list": ["a"]])
        }
        expectSerializationError(
            .unsupportedValue, "Prefix ':2' cannot apply to 'k', which is a dictionary, in URI template '{k:2}'"
        ) {
            _ = try URITemplate("{k:2}").expand(["k": ["a": "b"]])
        }
    }

    @Test func aNestedContainerIsAnError() {
        expectSerializationError(
            .unsupportedValue,
            "'x' holds an array inside a list or dictionary, which RFC 6570 cannot expand, in URI template '{x}'"
        ) {
            _ = try URITemplate("{x}").expand(["x": [[1]]])
        }
        expectSerializationError(
            .unsupportedValue,
            "'x' key 'a' holds a dictionary inside a list or dictionary, which RFC 6570 cannot expand, in URI "
                + "template '{;x*}'"
        ) {
            _ = try URITemplate("{;x*}").expand(["x": ["a": ["b": 1]]])
        }
    }

    @Test func aNonFiniteNumberIsAnError() {
        expectSerializationError(
            .unsupportedValue, "Non-finite number inf at 'x' cannot be written in URI template '{x}'"
        ) {
            _ = try URITemplate("{x}").expand(["x": .number(ParameterNumber(Double.infinity))])
        }
    }

    /// Every template of up to four characters from a small alphabet parses or throws `invalidTemplate`, and every
    /// one that parses expands: nothing crashes.
    @Test func everyShortTemplateParsesOrThrowsATypedError() throws {
        let alphabet: [String] = ["{", "}", "x", ":", "*", ",", "+", ";", "%", "1", "=", "."]
        var templates: [String] = [""]
        for _ in 0..<4 {
            templates = templates.flatMap { prefix in alphabet.map { prefix + $0 } } + templates
        }
        for template in Set(templates) {
            do {
                let parsed = try URITemplate(template)
                var values: [String: ParameterValue] = [:]
                for name in parsed.variableNames { values[name] = "v" }
                _ = try parsed.expand(values)
            } catch {
                #expect(error.code == .invalidTemplate, "\(template): \(error)")
            }
        }
    }
}
