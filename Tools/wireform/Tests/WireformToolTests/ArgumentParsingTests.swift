import Foundation
import Testing

/// The command line through swift-argument-parser: the same spellings, exit statuses and one-line messages as the
/// hand-written parser had, help and version on standard output with status 0.
@Suite struct ArgumentParsingTests {
    static let usageErrors: [([String], String)] = [
        ([], "Missing METHOD and URL (see 'wireform --help')"),
        (["GET"], "Missing URL after METHOD 'GET'"),
        (["GET", "https://e.com", "extra"], "Unexpected argument 'extra': expected only METHOD and URL"),
        (["--verbose", "GET", "https://e.com"], "Unknown option '--verbose'"),
        (["GET", "https://e.com", "-x"], "Unknown option '-x'"),
        (["GET", "https://e.com", "-p"], "Missing value for '-p'"),
        (
            ["GET", "https://e.com", "--send=yes"],
            "The option '--send' does not take any value, but 'yes' was specified."
        ),
        (
            ["GET", "https://e.com", "-f", "xml"],
            "The value 'xml' is invalid for '-f <NAME>': expected form | json | plist | plist-binary | multipart"
        ),
        (
            ["GET", "https://e.com", "-fxml"],
            "The value 'xml' is invalid for '-f <NAME>': expected form | json | plist | plist-binary | multipart"
        ),
        (
            ["GET", "https://e.com", "--format=xml"],
            "The value 'xml' is invalid for '--format <NAME>': expected form | json | plist | plist-binary | multipart"
        ),
        (["GET", "https://e.com", "-f", "json", "--format", "form"], "Option '--format' given more than once"),
        (["GET", "https://e.com", "-o", "a", "-o", "b"], "Option '--output' given more than once"),
        (["GET", "https://e.com", "--timeout", "1", "--timeout=2"], "Option '--timeout' given more than once"),
        (
            ["GET", "https://e.com", "--max-redirects", "1", "--max-redirects=2"],
            "Option '--max-redirects' given more than once"
        ),
        (
            ["GET", "https://e.com", "-H", "X: 1", "--header=NoColon"],
            "The value 'NoColon' is invalid for '--header <Name: value>': expected 'Name: value'"
        ),
        (
            ["GET", "https://e.com", "-HNoColon"],
            "The value 'NoColon' is invalid for '-H <Name: value>': expected 'Name: value'"
        ),
        (["GET", "https://e.com", "--basic", "secret"], "Invalid '--basic' credentials: expected USER:PASSWORD"),
        (
            ["GET", "https://e.com", "--uri-methods", "GET,,HEAD"],
            "The value 'GET,,HEAD' is invalid for '--uri-methods <LIST>': expected a comma-separated list such as GET,HEAD"
        ),
        (
            ["GET", "https://e.com", "--max-redirects", "1001"],
            "The value '1001' is invalid for '--max-redirects <N>': expected a whole number from 0 to 1000"
        ),
        (
            ["POST", "https://e.com", "--field", "novalue"],
            "The value 'novalue' is invalid for '--field <NAME=VALUE>': expected NAME=VALUE"
        ),
        (
            ["POST", "https://e.com", "--field", "a=1", "-f", "json"],
            "'--field' and '--file' make a multipart body; they cannot be used with '--format json'"
        ),
        (
            ["GET", "https://e.com", "--progress", "--no-progress"],
            "Use either '--progress' or '--no-progress', not both"
        ),
        (
            ["GET", "https://e.com", "-p", "{}", "--params-file", "p.json"],
            "Use either '--params' or '--params-file', not both"
        ),
        (
            ["GET", "https://e.com", "--generate-completion-script", "tcsh"],
            "Can't generate completion scripts for 'tcsh'. Please use --generate-completion-script=<shell> with one "
                + "of: zsh bash fish"
        ),
    ]

    @Test(arguments: usageErrors)
    func usageErrorIsOneLineWithStatus2(arguments: [String], message: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(arguments, in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError == "wireform: \(message)\n")
    }

    /// Every option that takes one value, with a valid value: given twice, it is a usage error naming its long name.
    static let singleValueOptions: [(String, String, String)] = [
        ("-p", "--params", "{}"), ("--params-file", "--params-file", "p.json"), ("-f", "--format", "json"),
        ("-t", "--content-type", "application/json"), ("--query-style", "--query-style", "form"),
        ("--bool", "--bool", "literal"), ("--key-order", "--key-order", "insertion"),
        ("--basic", "--basic", "u:p"), ("--bearer", "--bearer", "t"), ("--boundary", "--boundary", "B"),
        ("--uri-methods", "--uri-methods", "GET"), ("-o", "--output", "out"), ("--timeout", "--timeout", "5"),
        ("--max-redirects", "--max-redirects", "3"), ("--cacert", "--cacert", "ca.pem"),
        ("--proxy", "--proxy", "http://p:1"),
    ]

    @Test(arguments: singleValueOptions)
    func aSingleValueOptionGivenTwiceIsAUsageError(option: String, longName: String, value: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "https://e.com", option, value, longName, value], in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError == "wireform: Option '\(longName)' given more than once\n")
    }

    @Test func anOptionTakesTheNextArgumentWhateverItLooksLike() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["GET", "https://e.com/", "-H", "--follow: 1", "--no-default-headers"], in: directory.path)
        #expect(result.status == 0)
        #expect(messageHeaderLines(result.standardOutput) == ["Host: e.com", "--follow: 1"])
    }

    @Test func doubleDashEndsTheOptions() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--no-default-headers", "--", "GET", "https://e.com/-p"], in: directory.path)
        #expect(result.status == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "GET /-p HTTP/1.1\r\nHost: e.com\r\n\r\n")
    }

    /// `--name=` is an empty value, not a missing one: it does not take the next argument.
    @Test func anEmptyAttachedValueIsEmpty() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["--uri-methods=", "--no-default-headers", "GET", "https://e.com/", "-p", #"{"a": 1}"#], in: directory.path)
        #expect(result.status == 0)
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self)
                == "GET / HTTP/1.1\r\nHost: e.com\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                + "Content-Length: 3\r\n\r\na=1")
    }

    /// `--field` and `--file` are two options to the parser; the parts keep their command-line order.
    @Test func fieldsAndFilesKeepTheirCommandLineOrder() throws {
        let directory = try TestDirectory()
        try directory.write("x.txt", "file\n")
        let result = try ToolProcess.run(
            [
                "POST", "https://e.com/", "--field", "a=1", "--file=f=@x.txt", "--field=b=--file", "--file", "g=@x.txt",
                "--boundary", "B", "--body-only",
            ],
            in: directory.path)
        #expect(result.status == 0)
        let names = String(decoding: result.standardOutput, as: UTF8.self).split(separator: "\r\n")
            .filter { $0.hasPrefix("Content-Disposition") }
        #expect(
            names == [
                #"Content-Disposition: form-data; name="a""#,
                #"Content-Disposition: form-data; name="f"; filename="x.txt""#,
                #"Content-Disposition: form-data; name="b""#,
                #"Content-Disposition: form-data; name="g"; filename="x.txt""#,
            ])
    }

    @Test(arguments: ["--help", "-h"])
    func helpGoesToStandardOutputWithStatus0(option: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", option], in: directory.path)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("OVERVIEW: Build an HTTP request"))
    }

    @Test func versionNamesTheTool() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--version"], in: directory.path)
        #expect(result.status == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("wireform "))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func completionScriptNamesTheOptions(shell: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["--generate-completion-script", shell], in: directory.path)
        #expect(result.status == 0)
        let script = String(decoding: result.standardOutput, as: UTF8.self)
        // fish names options without their dashes.
        for option in ["params", "params-file", "header", "path-param", "file", "output", "cacert"] {
            #expect(script.contains(option), "\(shell) completion lacks \(option)")
        }
        #expect(script.contains("form-no-explode"), "\(shell) completion lacks --query-style's values")
    }
}
