import Foundation
import Testing

/// `--query-style` with OpenAPI's styles and `--path-param` for templated URLs (issue 14), through the built tool.
@Suite struct OpenAPIStyleToolTests {
    private func run(_ arguments: [String]) throws -> ToolProcess.Result {
        let directory = try TestDirectory()
        return try ToolProcess.run(arguments + ["--no-default-headers"], in: directory.path)
    }

    /// The request line of a successful run.
    private func requestLine(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> String
    {
        let result = try run(arguments)
        #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
        return String(decoding: result.standardOutput, as: UTF8.self).components(separatedBy: "\r\n")[0]
    }

    static let parameters = #"{"color": {"R": 100, "G": 200, "B": 150}, "ids": ["blue", "black"], "on": true}"#

    static let styles: [(String, String)] = [
        ("form", "GET /p?color=&ids=blue&ids=black&on=true&R=100&G=200&B=150 HTTP/1.1"),
        ("form-no-explode", "GET /p?color=R,100,G,200,B,150&ids=blue,black&on=true HTTP/1.1"),
        ("space-delimited", "GET /p?color=R%20100%20G%20200%20B%20150&ids=blue%20black&on=true HTTP/1.1"),
        ("pipe-delimited", "GET /p?color=R%7C100%7CG%7C200%7CB%7C150&ids=blue%7Cblack&on=true HTTP/1.1"),
    ]

    @Test(arguments: styles)
    func queryStyleWritesTheOpenAPIStyle(_ style: String, _ expected: String) throws {
        let parameters =
            style == "form"
            ? #"{"color": "", "ids": ["blue", "black"], "on": true, "rgb": {"R": 100, "G": 200, "B": 150}}"#
            : Self.parameters
        let line = try requestLine([
            "GET", "https://e.com/p", "-p", parameters, "--query-style", style, "--key-order", "insertion",
        ])
        #expect(line == expected)
    }

    @Test func boolOverridesTheLiteralDefaultOfTheOpenAPIStyles() throws {
        let line = try requestLine([
            "GET", "https://e.com/p", "-p", #"{"on": true}"#, "--query-style", "form", "--bool", "numeric",
        ])
        #expect(line == "GET /p?on=1 HTTP/1.1")
        let legacy = try requestLine(["GET", "https://e.com/p", "-p", #"{"on": true}"#, "--query-style", "comma"])
        #expect(legacy == "GET /p?on=1 HTTP/1.1")
    }

    @Test func unknownQueryStyleListsTheNewNames() throws {
        let result = try run(["GET", "https://e.com/p", "--query-style", "spaces"])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The value 'spaces' is invalid for '--query-style <NAME>': expected brackets | repeated | "
                + "indexed | comma | dotted | "
                + "deep-object | form | form-no-explode | space-delimited | pipe-delimited\n")
    }

    /// `--allow-reserved`: reserved characters and `%XX` triples in values stay literal; `#`, `&`, `=` and `+` do
    /// not, so a value never adds a pair; names are escaped as always. Form bodies follow the same rule.
    @Test func allowReservedKeepsReservedCharactersInValues() throws {
        let parameters = ##"{"a:b": "x/y?z:@!$'()*,;", "p": "%2B and %zz", "s": "#[]&=+ "}"##
        let line = try requestLine([
            "GET", "https://e.com/p", "-p", parameters, "--query-style", "form", "--allow-reserved",
        ])
        #expect(line == "GET /p?a%3Ab=x/y?z:@!$'()*,;&p=%2B%20and%20%25zz&s=%23%5B%5D%26%3D%2B%20 HTTP/1.1")
        let escaped = try requestLine(["GET", "https://e.com/p", "-p", parameters, "--query-style", "form"])
        #expect(
            escaped
                == "GET /p?a%3Ab=x/y?z%3A%40%21%24%27%28%29%2A%2C%3B&p=%252B%20and%20%25zz&s=%23%5B%5D%26%3D%2B%20 "
                + "HTTP/1.1")
        let result = try run(["POST", "https://e.com/p", "-p", #"{"u": "a/b:c"}"#, "--allow-reserved", "--body-only"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "u=a/b:c")
    }

    @Test func pathParamExpandsATemplatedURL() throws {
        let line = try requestLine([
            "GET", "https://api.example.com/users/{id}/items{;filter*}{.fmt}",
            "--path-param", "id=42", "--path-param", #"filter={"color": "blue", "size": 10}"#,
            "--path-param", #"fmt="json""#, "-p", #"{"q": "x"}"#,
        ])
        #expect(line == "GET /users/42/items;color=blue;size=10.json?q=x HTTP/1.1")
    }

    /// The example in `--help` and in the article "OpenAPI parameter styles".
    @Test func helpExampleWritesWhatTheArticleShows() throws {
        let line = try requestLine([
            "GET", "https://api.example.com/users/{id}/items{;filter*}", "--path-param", "id=42",
            "--path-param", #"filter={"color": "blue"}"#, "-p", #"{"tags": ["a", "b"]}"#, "--query-style",
            "form-no-explode",
        ])
        #expect(line == "GET /users/42/items;color=blue?tags=a,b HTTP/1.1")
    }

    @Test func pathParamValuesNeverAddPathDelimiters() throws {
        let line = try requestLine([
            "GET", "https://e.com/users/{id}/{/rest*}", "--path-param", #"id="a/b?c#d""#,
            "--path-param", #"rest=["x/y", "z"]"#,
        ])
        #expect(line == "GET /users/a%2Fb%3Fc%23d//x%2Fy/z HTTP/1.1")
    }

    @Test func hostAndUserInformationSurviveExpansion() throws {
        let result = try run([
            "GET", "https://user:pw@{host}.example.com/{id}", "--path-param", #"host="api""#, "--path-param", "id=1",
        ])
        #expect(result.status == 0)
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self).components(separatedBy: "\r\n").prefix(3) == [
                "GET /1 HTTP/1.1", "Host: api.example.com", "Authorization: Basic dXNlcjpwdw==",
            ])
    }

    static let usageErrors: [([String], String)] = [
        (
            ["--path-param", "id"],
            "The value 'id' is invalid for '--path-param <NAME=JSON>': expected NAME=JSON, such as id=42"
        ),
        (["--path-param", "=1"], "The value '=1' is invalid for '--path-param <NAME=JSON>': the name is empty"),
        (
            ["--path-param", "id=[1,"],
            "The value 'id=[1,' is invalid for '--path-param <NAME=JSON>': invalid JSON for 'id': unexpected end of "
                + "input, expected a value at line 1, column 4 (byte 3)"
        ),
        (["--path-param", "id=1", "--path-param", "id=2"], "'--path-param' 'id' given more than once"),
        (
            ["--path-param", "id=1", "--path-param", "other=2"],
            "'--path-param' 'other' names no variable of the URL template 'https://e.com/u/{id}'"
        ),
    ]

    @Test(arguments: usageErrors)
    func badPathParamIsAUsageError(_ arguments: [String], _ message: String) throws {
        let result = try run(["GET", "https://e.com/u/{id}"] + arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "wireform: \(message)\n")
    }

    static let templateErrors: [([String], String)] = [
        (
            ["GET", "https://e.com/u/{id}"],
            "No value for template variable 'id' in URI template 'https://e.com/u/{id}'"
        ),
        (
            ["GET", "https://e.com/u/{id", "--path-param", "id=1"],
            "Unclosed '{' at offset 16 in URI template 'https://e.com/u/{id'"
        ),
        (
            ["GET", "https://e.com/u/{!id}", "--path-param", "id=1"],
            "Operator '!' at offset 16 is reserved by RFC 6570 and not supported in URI template 'https://e.com/u/{!id}'"
        ),
        (
            ["GET", "https://e.com/u/{id}", "--path-param", "id=[[1]]"],
            "'id' holds an array inside a list or dictionary, which RFC 6570 cannot expand, in URI template "
                + "'https://e.com/u/{id}'"
        ),
    ]

    @Test(arguments: templateErrors)
    func aBadTemplateOrValueIsRejectedByWireform(_ arguments: [String], _ message: String) throws {
        let result = try run(arguments)
        #expect(result.status == 1)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "wireform: \(message)\n")
    }

    @Test func aURLWithoutBracesIsUntouched() throws {
        #expect(try requestLine(["GET", "https://e.com/a%2Fb;c=d?x=1"]) == "GET /a%2Fb;c=d?x=1 HTTP/1.1")
    }

    @Test func helpDocumentsTheStylesAndPathParam() throws {
        let result = try run(["--help"])
        let text = String(decoding: result.standardOutput, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            .joined(separator: " ")
        #expect(text.contains("form | form-no-explode | space-delimited | pipe-delimited"))
        #expect(text.contains("--path-param <NAME=JSON> a value for the URL template's variable NAME (repeatable)"))
    }
}
