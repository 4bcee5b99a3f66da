import Foundation
import Testing
import Wireform
import WireformFoundation

@testable import WireformMultipart

/// The bytes of fields made from parameters, pinned byte for byte: every source (a tree, JSON text, an `Encodable`
/// value) and every query style reach the one store of names and values, and the body streamed from it is the same
/// however it is read.
@Suite struct MultipartFieldBytesTests {
    /// One field: its name and value.
    private typealias Field = (name: String, value: String)

    /// A body of fields, each after its delimiter, header and blank line, then the closing delimiter.
    private static func body(_ fields: [Field], boundary: String = "B") -> [UInt8] {
        let lines = fields.flatMap {
            ["--\(boundary)", "Content-Disposition: form-data; name=\"\($0.name)\"", "", $0.value]
        }
        return Array((lines + ["--\(boundary)--", ""]).joined(separator: "\r\n").utf8)
    }

    /// The form's body read every way there is, each expected to be `expected`.
    private static func expectEveryRead(of form: MultipartForm, is expected: [UInt8]) async throws {
        #expect(try form.encodedBytes() == expected)
        let body = form.serializedBody.body
        #expect(body.length == .known(Int64(expected.count)))
        #expect(try readAll(body, readSize: 4093) == expected)
        #expect(try await collectChunks(body) == expected)
        #expect(try await collectChunks(body, chunkSize: 1000) == expected)
        #expect(try readAll(body.makeInputStream(), readSize: 65536) == expected)
    }

    /// A form of `json`'s fields, named by the brackets style.
    private static func form(json: String, boundary: MultipartBoundary) throws -> MultipartForm {
        var form = MultipartForm(boundary: boundary)
        try form.append(json: JSONText(MessageBody(bytes: Array(json.utf8))), queryStyle: .brackets)
        return form
    }

    @Test func valuesThatHoldTheBoundaryButNotTheDelimiter() async throws {
        let json = #"{"a":"x--B","b":"B--B--","c":"\n--B\r--B","d":"--","e":"\r\n-B"}"#
        let expected = Self.body([("a", "x--B"), ("b", "B--B--"), ("c", "\n--B\r--B"), ("d", "--"), ("e", "\r\n-B")])
        let form = try Self.form(json: json, boundary: .constant("B"))
        try form.validate()
        try await Self.expectEveryRead(of: form, is: expected)
    }

    @Test(arguments: [#"{"a":"ok","b":"x\r\n--B"}"#, #"{"a":"ok","b":"--B"}"#, #"{"a":"ok","b":"1\r\n--Bx"}"#])
    func aValueThatHoldsTheDelimiterIsRefusedWithItsName(json: String) throws {
        let form = try Self.form(json: json, boundary: .constant("B"))
        let error = #expect(throws: SerializationError.self) { try form.validate() }
        #expect(error?.code == .invalidPart)
        #expect(error?.reason.hasPrefix("The content of part 1 'b' contains") == true)
        #expect(throws: SerializationError.self) { try form.encodedBytes() }
    }

    @Test func aRandomBoundaryTakesAnyValue() async throws {
        let form = try Self.form(json: #"{"a":"\r\n--B\r\n","b":"--B--"}"#, boundary: .random)
        let boundary = try #require(boundaryParameter(of: form))
        let expected = Self.body([("a", "\r\n--B\r\n"), ("b", "--B--")], boundary: boundary)
        try await Self.expectEveryRead(of: form, is: expected)
    }

    @Test func emptyNamesAndValues() async throws {
        let expected = Self.body([("", ""), ("e", ""), ("n", ""), ("z", "1")])
        let tree: ParameterValue = ["": "", "e": "", "n": .null, "z": 1]
        try await Self.expectEveryRead(of: try pinnedForm(parameters: tree), is: expected)
        let form = try Self.form(json: #"{"z":1,"n":null,"e":"","":""}"#, boundary: .constant("B"))
        try await Self.expectEveryRead(of: form, is: expected)
    }

    @Test func nonASCIINamesAreUTF8AndQuotesAndLineBreaksEscaped() async throws {
        let tree: ParameterValue = ["名前": "値", "Zoë": ["ключ": "значение"], "q\"\r\nx": "v"]
        let expected = Self.body([("Zoë[ключ]", "значение"), ("q%22%0D%0Ax", "v"), ("名前", "値")])
        try await Self.expectEveryRead(of: try pinnedForm(parameters: tree), is: expected)
        let json = #"{"名前":"値","Zoë":{"ключ":"значение"},"q\"\r\nx":"v"}"#
        try await Self.expectEveryRead(of: try Self.form(json: json, boundary: .constant("B")), is: expected)
    }

    @Test func manyFieldsAndALargeValueCrossTheChunks() async throws {
        var members: [String] = []
        var fields: [Field] = []
        for index in 0..<12_000 {
            let name = "k" + String(index + 100_000)
            let value = String(repeating: "vé &=", count: index % 13) + String(index)
            members.append("\"\(name)\":\"\(value)\"")
            fields.append((name, value))
            if index == 6_000 {
                let large = String(repeating: "0123456789", count: 60_000)
                members.append("\"\(name)x\":\"\(large)\"")
                fields.append((name + "x", large))
            }
        }
        let expected = Self.body(fields)
        #expect(expected.count > 4 * 256 * 1024)
        let form = try Self.form(json: "{" + members.joined(separator: ",") + "}", boundary: .constant("B"))
        try await Self.expectEveryRead(of: form, is: expected)
    }

    @Test func membersOutOfOrderAreSortedWithTheirFields() async throws {
        // 600 members in order (past the writer's in-order threshold), then one that belongs first: the fields move
        // as the query writer puts the members in order, and the last member's own members too.
        let members = (0..<600).map { #""k\#(1000 + $0)":[\#($0),"\#($0)x"]"# } + [#""a":{"y":"2","x":"1"}"#]
        let json = "{" + members.joined(separator: ",") + "}"
        var fields: [Field] = [("a[x]", "1"), ("a[y]", "2")]
        for index in 0..<600 { fields += [("k\(1000 + index)[]", "\(index)"), ("k\(1000 + index)[]", "\(index)x")] }
        let form = try Self.form(json: json, boundary: .constant("B"))
        try await Self.expectEveryRead(of: form, is: Self.body(fields))
    }

    @Test func treesJSONTextAndEncodableValuesGiveTheSameBytes() async throws {
        struct Value: Encodable {
            enum Key: String, CodingKey { case b, a, c, d }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(["y": 1, "x": -2], forKey: .b)
                try container.encode("é", forKey: .a)
                try container.encodeNil(forKey: .c)
                try container.encode([2.5, 0.125], forKey: .d)
            }
        }
        let expected = Self.body([
            ("a", "é"), ("b[x]", "-2"), ("b[y]", "1"), ("c", ""), ("d[]", "2.5"), ("d[]", "0.125"),
        ])
        let serializer = try MultipartFormDataSerializer(boundary: .constant("B"))
        #expect(try serializer.serialize(encodable: Value()).body.bytes == expected)
        let json = #"{"b":{"y":1,"x":-2},"a":"é","c":null,"d":[2.5,0.125]}"#
        try await Self.expectEveryRead(of: try Self.form(json: json, boundary: .constant("B")), is: expected)
        let tree = try ParameterValue(json: JSONText(MessageBody(bytes: Array(json.utf8))))
        try await Self.expectEveryRead(of: try pinnedForm(parameters: tree), is: expected)
    }

    @Test func anotherStylesPairsKeepTheirValues() async throws {
        let style = CustomQueryStyle.custom { _ in
            [
                QueryPair(name: "t", value: .text("text")), QueryPair(name: "l", value: .list(["a,b", "", "c"])),
                QueryPair(name: "n", value: .nameOnly), QueryPair(name: "", value: .data(Data([0xFF, 0x00, 0x0D]))),
            ]
        }
        let disposition = "Content-Disposition: form-data; name="
        let expected =
            crlf(
                "--B", disposition + #""t""#, "", "text", "--B", disposition + #""l""#, "", "a,b,,c",
                "--B", disposition + #""n""#, "", "", "--B", disposition + #""""#, "", "")
            + [0xFF, 0x00, 0x0D] + crlf("", "--B--", "")
        var fromTree = try pinnedForm()
        try fromTree.append(parameters: ["x": 1], queryStyle: style)
        try await Self.expectEveryRead(of: fromTree, is: expected)
        var fromText = try pinnedForm()
        try fromText.append(json: JSONText(MessageBody(bytes: Array(#"{"x":1}"#.utf8))), queryStyle: style)
        try await Self.expectEveryRead(of: fromText, is: expected)
    }

    @Test func listsOfTheDelimitedStylesAreJoinedWithTheirDelimiter() throws {
        let tree: ParameterValue = ["a": ["x y", "1|2", "3,4"]]
        let styles: [(StandardQueryStyle, String)] = [
            (.commaDelimited, "x y,1|2,3,4"), (.spaceDelimited, "x y 1|2 3,4"), (.pipeDelimited, "x y|1|2|3,4"),
        ]
        for (style, value) in styles {
            var form = try pinnedForm()
            try form.append(parameters: tree, queryStyle: style)
            #expect(try form.encodedBytes() == Self.body([("a", value)]), "\(style)")
        }
    }
}
