import Foundation
import Testing
import Wireform
import WireformJSONBody

/// `serializedRequest(…, json:)` writes the bytes of the tree path (`ParameterValue(json:)` then `parameters:`)
/// in this format, whether the format takes the reader's events or a tree.
@Suite struct JSONTextJSONBodyTests {
    static let texts = [
        #"{"b":"x y&=/é","a":[1,-2,3.50,null,true,1e-320],"c":{"d":{"e":"f"},"g":[]},"h":18446744073709551616}"#,
        #"{"s":{"$set":[3,1,2,1]},"t":{"$date":"2024-01-02T03:04:05Z"},"u":{"$data_base64":"AAEC"}}"#,
        #"{"z":1,"":[{}],"k":{"y":null,"x":[[]]}}"#,
        // Past the writer's in-order threshold (512): kept as key bytes, then out of order after a nested value.
        "{\(sortedMembers(600))}",
        "{\(sortedMembers(600)),\"k0\":{\"b\":[1,{\"d\":2,\"c\":3}],\"a\":4},\"m\":5}",
        "{\(sortedMembers(600)),\"k2\u{E9}\":1,\"k3\":2}",
        "{\(sortedMembers(600)),\"k2\\\"q\":1,\"k3/\":2}",  // an escaped key in order
    ]

    /// `"k1000":"v0","k1001":{"x":[1]},…`: members whose keys come in ascending byte order.
    static func sortedMembers(_ count: Int) -> String {
        (0..<count).map { $0 % 7 == 0 ? "\"k\(1000 + $0)\":{\"x\":[\($0)]}" : "\"k\(1000 + $0)\":\"v\($0)\"" }
            .joined(separator: ",")
    }

    static let formats: [any BodySerializer] = [
        JSONBodySerializer.json, JSONBodySerializer.json(options: [.sortedKeys, .fragmentsAllowed]),
        JSONBodySerializer.json(options: [.sortedKeys, .prettyPrinted]),
    ]

    @Test(arguments: texts)
    func bodiesMatchTheTreePath(json: String) throws {
        let text = JSONText(MessageBody(bytes: Array(json.utf8)), readsTags: true)
        let tree = try ParameterValue(json: text)
        for format in Self.formats {
            let serializer = RequestSerializer()
            let expected = Result {
                try serializer.serializedRequest(method: .post, url: "https://e.com", parameters: tree, format: format)
            }
            let actual = Result {
                try serializer.serializedRequest(method: .post, url: "https://e.com", json: text, format: format)
            }
            switch (expected, actual) {
            case (.success(let expected), .success(let actual)):
                #expect(actual.body?.bytes == expected.body?.bytes, "\(json) \(format)")
                #expect(actual.headers == expected.headers)
            case (.failure(let expected), .failure(let actual)):
                #expect("\(actual)" == "\(expected)")
            default:
                Issue.record("\(json) \(format): \(expected) vs \(actual)")
            }
        }
    }
}
