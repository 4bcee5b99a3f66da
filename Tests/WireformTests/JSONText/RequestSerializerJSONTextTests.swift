import Foundation
import Testing
import Wireform

/// `serializedRequest(…, json:)` writes the bytes of the tree path (`ParameterValue(json:)` then `parameters:`), in
/// the query and in the built-in form body, for every standard style and a custom one.
@Suite struct RequestSerializerJSONTextTests {
    static let texts = [
        #"{"b":"x y&=/é","a":[1,-2,3.50,null,true],"c":{"d":{"e":"f"},"g":[]},"h":18446744073709551616}"#,
        #"{"s":{"$set":[3,1,2,1]},"t":{"$date":"2024-01-02T03:04:05Z"},"u":{"$data_base64":"AAEC"}}"#,
        #"{"":1,"k":{}}"#,
    ]

    private func text(_ json: String) -> JSONText { JSONText(MessageBody(bytes: Array(json.utf8)), readsTags: true) }

    @Test(arguments: texts)
    func queryAndFormBodyMatchTheTreePath(json: String) throws {
        let styles: [any QueryStyle] = [
            StandardQueryStyle.brackets, StandardQueryStyle.indexed, StandardQueryStyle.repeated,
            StandardQueryStyle.dotted, StandardQueryStyle.commaDelimited, StandardQueryStyle.deepObject,
        ]
        let tree = try ParameterValue(json: text(json))
        for style in styles {
            let serializer = RequestSerializer(queryStyle: style)
            for method in [RequestMethod.get, .post] {
                let expected = Result {
                    try serializer.serializedRequest(method: method, url: "https://e.com/p", parameters: tree)
                }
                let actual = Result {
                    try serializer.serializedRequest(method: method, url: "https://e.com/p", json: text(json))
                }
                switch (expected, actual) {
                case (.success(let expected), .success(let actual)):
                    #expect(actual.url == expected.url, "\(json) \(style)")
                    #expect(actual.body?.bytes == expected.body?.bytes, "\(json) \(style)")
                    #expect(actual.headers == expected.headers)
                case (.failure(let expected), .failure(let actual)):
                    #expect("\(actual)" == "\(expected)")
                default:
                    Issue.record("\(json) \(style) \(method): \(expected) vs \(actual)")
                }
            }
        }
    }

    /// A query of megabytes (moved into the URL a block at a time) and an empty one, after every kind of URL. The
    /// large query is 2.3 MB escaped, past two of the writer's 1 MiB blocks (`QueryByteWriter.moveToString`).
    @Test(arguments: [
        "https://e.com/p", "https://e.com/p?x=1", "https://e.com/p?", "https://e.com/p#f", "https://e.com",
    ])
    func largeAndEmptyQueriesMatchTheTreePath(url: String) throws {
        let value = String(repeating: "v &=/\u{E9}", count: 100)
        let members = (0..<1_200).map { "\"k\(10_000 + $0)\":\"\(value)\"" }.joined(separator: ",")
        for json in ["{\(members)}", "{}", #"{"a":[]}"#] {
            let serializer = RequestSerializer()
            for method in [RequestMethod.get, .post] {
                let expected = try serializer.serializedRequest(
                    method: method, url: url, parameters: try ParameterValue(json: text(json)))
                let actual = try serializer.serializedRequest(method: method, url: url, json: text(json))
                #expect(actual.url == expected.url)
                #expect(actual.body?.bytes == expected.body?.bytes)
                #expect(actual.headers == expected.headers)
            }
        }
    }

    @Test func anInvalidTextFailsWithItsPosition() {
        expectSerializationError(.invalidJSON, "duplicate key 'a' at line 1, column 8 (byte 7)") {
            _ = try RequestSerializer().serializedRequest(
                method: .get, url: "https://e.com", json: text(#"{"a":1,"a":2}"#))
        }
        expectSerializationError(.invalidJSON) {
            _ = try RequestSerializer().serializedRequest(method: .post, url: "https://e.com", json: text("[1,"))
        }
    }

    /// The gateway example of the `JSONText` documentation.
    @Test func theGatewayExampleWritesAFormBody() throws {
        let text = JSONText(MessageBody(bytes: Array(#"{"user":{"name":"Ada"},"tags":["a","b"]}"#.utf8)))
        let request = try RequestSerializer().serializedRequest(
            method: .post, url: "https://upstream.example/users", json: text)
        #expect(request.body?.bytes == Array("tags%5B%5D=a&tags%5B%5D=b&user%5Bname%5D=Ada".utf8))
        #expect(request.headers[.contentType] == "application/x-www-form-urlencoded")
    }
}
