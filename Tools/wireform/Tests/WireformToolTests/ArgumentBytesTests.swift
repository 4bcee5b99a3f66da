import Foundation
import Testing

/// Arguments are the bytes the user typed: invalid UTF-8 in a text argument is a usage error that names the
/// argument (never a silent U+FFFD), and file paths name exactly the file their bytes name.
@Suite struct ArgumentBytesTests {
    /// `o` followed by the invalid byte 0xFF, and the name a U+FFFD repair of it would give.
    static let invalidName: [UInt8] = [UInt8(ascii: "o"), 0xFF]
    static let repairedName: [UInt8] = [UInt8(ascii: "o"), 0xEF, 0xBF, 0xBD]
    static let precious: [UInt8] = Array("precious data\n".utf8)

    /// An argument as bytes: the text with `\u{FF}` standing for the invalid byte 0xFF.
    static func bytes(_ text: String) -> [UInt8] {
        text.unicodeScalars.map { $0 == "\u{FF}" ? 0xFF : UInt8($0.value) }
    }

    /// The reason after the value and the option as the user spelled them.
    static let notUTF8 = "arguments other than file paths must be UTF-8 text"

    @Test(arguments: [
        (
            ["POST", "http://e.com/", "-p", #"{"a": "\#u{FF}"}"#], #"'{"a": "\xff"}' is invalid for '-p <JSON>'"#,
            "at byte 7"
        ),
        (
            ["POST", "http://e.com/", "--params", #"{"\#u{FF}": 1}"#],
            #"'{"\xff": 1}' is invalid for '--params <JSON>'"#,
            "at byte 2"
        ),
        (
            ["POST", "http://e.com/", "--field", "name=va\u{FF}lue"],
            #"'name=va\xfflue' is invalid for '--field <NAME=VALUE>'"#, "at byte 7"
        ),
        (
            ["POST", "http://e.com/", "--field", "na\u{FF}me=value"],
            #"'na\xffme=value' is invalid for '--field <NAME=VALUE>'"#, "at byte 2"
        ),
        (
            ["GET", "http://e.com/", "-H", "X-Note: \u{FF}"], #"'X-Note: \xff' is invalid for '-H <Name: value>'"#,
            "at byte 8"
        ),
        (
            ["GET", "http://e.com/", "--header", "X-\u{FF}: a"],
            #"'X-\xff: a' is invalid for '--header <Name: value>'"#, "at byte 2"
        ),
        (["GET", "http://e.com/\u{FF}"], #"'http://e.com/\xff' is invalid for '<URL>'"#, "at byte 13"),
        (["G\u{FF}T", "http://e.com/"], #"'G\xffT' is invalid for '<METHOD>'"#, "at byte 1"),
        (
            ["POST", "http://e.com/", "--file", "f=@x;type=text/\u{FF}"],
            #"'f=@x;type=text/\xff' is invalid for '--file <NAME=@PATH[;filename=NAME][;type=MIME]>'"#,
            "in 'type=' at byte 5"
        ),
        (
            ["GET", "http://e.com/", "-HX-Note: \u{FF}"], #"'X-Note: \xff' is invalid for '-H <Name: value>'"#,
            "at byte 8"
        ),
        (
            ["GET", "http://e.com/", "--header=X-Note: \u{FF}"],
            #"'X-Note: \xff' is invalid for '--header <Name: value>'"#, "at byte 8"
        ),
        (
            ["GET", "http://e.com/", "--proxy", "http://\u{FF}/", "--send"],
            #"'http://\xff/' is invalid for '--proxy <URL>'"#,
            "at byte 7"
        ),
    ])
    func invalidUTF8InTextArgumentIsUsageError(arguments: [String], value: String, position: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(bytes: arguments.map(Self.bytes), in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardOutput.isEmpty)
        #expect(
            result.standardError == "wireform: The value \(value): invalid UTF-8 \(position); \(Self.notUTF8)\n")
    }

    /// A credential is not repeated in the message.
    @Test(arguments: ["--bearer", "--basic"])
    func invalidUTF8InACredentialNamesOnlyTheOption(option: String) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            bytes: ["GET", "http://e.com/", option, "us\u{FF}er:pw"].map(Self.bytes), in: directory.path)
        #expect(result.status == 2)
        #expect(result.standardError == "wireform: Invalid '\(option)': invalid UTF-8 at byte 2; \(Self.notUTF8)\n")
    }

    /// A line break in a value is shown escaped, not as a break of the message's line.
    @Test func aLineBreakInARefusedValueIsEscaped() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/", "--timeout", "1\n2"], in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The value '1\\n2' is invalid for '--timeout <SECONDS>': expected a positive number of "
                + "seconds\n")
    }

    /// Line breaks in a value reach the library as the bytes given.
    @Test func aLineBreakInJSONParametersIsKept() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://e.com/", "-p", "{\"a\":\r\n\"b\"}"], in: directory.path)
        #expect(result.status == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("GET /?a=b HTTP/1.1\r\n"))
    }

    /// The parser sees invalid bytes as private-use scalars of plane 16; the same scalars typed as UTF-8 stay what
    /// they are.
    @Test func typedPrivateUseScalarsAreTextAsAlways() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["GET", "http://e.com/", "-p", #"{"a": "\#u{10FF80}\#u{10FFFF}"}"#], in: directory.path)
        #expect(result.status == 0)
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self)
                .hasPrefix("GET /?a=%F4%8F%BE%80%F4%8F%BF%BF HTTP/1.1\r\n"))
    }

    @Test func outputWithNonUTF8NameWritesExactlyThatFile() throws {
        let directory = try TestDirectory()
        try directory.write(byteName: Self.repairedName, Self.precious)
        let arguments = ["POST", "http://e.com/", "-p", #"{"a": 1}"#].map { Array($0.utf8) }
        let expected = try ToolProcess.run(bytes: arguments, in: directory.path).standardOutput
        let result = try ToolProcess.run(bytes: arguments + [Array("-o".utf8), Self.invalidName], in: directory.path)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(directory.contents(byteName: Self.invalidName) == expected)
        #expect(directory.contents(byteName: Self.repairedName) == Self.precious)
        #expect(directory.byteNames() == [Self.repairedName, Self.invalidName])
    }

    @Test func fileWithNonUTF8NameIsRead() throws {
        let directory = try TestDirectory()
        try directory.write(byteName: Self.invalidName, Array("the right file\n".utf8))
        try directory.write(byteName: Self.repairedName, Array("the wrong file\n".utf8))
        let result = try ToolProcess.run(
            bytes: [
                Array("POST".utf8), Array("http://e.com/".utf8), Array("--boundary=b".utf8), Array("--file".utf8),
                Array("f=@".utf8) + Self.invalidName + Array(";filename=x".utf8),
            ],
            in: directory.path)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let body = [
            "--b", #"Content-Disposition: form-data; name="f"; filename="x""#, "Content-Type: application/octet-stream",
            "", "the right file\n", "--b--", "",
        ].joined(separator: "\r\n")
        #expect(messageBody(result.standardOutput) == Array(body.utf8))
    }

    @Test func paramsFileWithNonUTF8NameIsRead() throws {
        let directory = try TestDirectory()
        try directory.write(byteName: Self.invalidName, Array(#"{"right": 1}"#.utf8))
        try directory.write(byteName: Self.repairedName, Array(#"{"wrong": 1}"#.utf8))
        let result = try ToolProcess.run(
            bytes: [Array("GET".utf8), Array("http://e.com/".utf8), Array("--params-file".utf8), Self.invalidName],
            in: directory.path)
        #expect(result.status == 0)
        #expect(String(decoding: result.standardOutput, as: UTF8.self).hasPrefix("GET /?right=1 HTTP/1.1\r\n"))
    }

    @Test func fileWithNonUTF8NameNeedsAFilename() throws {
        let directory = try TestDirectory()
        try directory.write(byteName: Self.invalidName, Array("data\n".utf8))
        let result = try ToolProcess.run(
            bytes: [
                Array("POST".utf8), Array("http://e.com/".utf8), Array("--file".utf8),
                Array("f=@".utf8) + Self.invalidName,
            ],
            in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The value 'f=@o\\xff' is invalid for '--file <NAME=@PATH[;filename=NAME][;type=MIME]>': "
                + "the file's name is not UTF-8; give the name to send with ';filename=NAME'\n")
    }

    @Test func missingFileWithNonUTF8NameIsNamedWithEscapes() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            bytes: [
                Array("POST".utf8), Array("http://e.com/".utf8), Array("--file".utf8),
                Array("f=@".utf8) + Self.invalidName + Array(";filename=x".utf8),
            ],
            in: directory.path)
        #expect(result.status == 1)
        #expect(result.standardError == "wireform: Cannot read 'o\\xff': No such file or directory\n")
    }
}
