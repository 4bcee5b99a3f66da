import Foundation
import Testing
import Wireform
import WireformJSONBody

/// `-0.0` keeps its sign in JSON from every source: written `-0`, as `JSONEncoder` writes it. JSON text follows
/// `JSONSerialization`: `-0.0` and `-0e0` are the floating-point negative zero, `-0` (integer syntax) is the integer
/// zero and is written `0`.
@Suite struct JSONNegativeZeroTests {
    /// A value that encodes a `Double` and a `Float` negative zero.
    struct Zeros: Encodable {
        var double = -0.0
        var float: Float = -0.0
    }

    @Test func aTreeKeepsTheSign() throws {
        #expect(try jsonText(["d": .double(-0.0), "z": .double(0.0)]) == #"{"d":-0,"z":0}"#)
    }

    @Test(arguments: [JSONBodySerializer.json, JSONBodySerializer.json(options: .prettyPrinted)])
    func anEncodableValueKeepsTheSign(serializer: JSONBodySerializer) throws {
        let body = try serializer.serialize(encodable: Zeros(), context: BodySerializationContext())
        let text = String(decoding: try #require(body.body.bytes), as: UTF8.self)
        #expect(
            text.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: " ", with: "")
                == #"{"double":-0,"float":-0}"#)
    }

    @Test(arguments: [
        (#"[-0.0,-0e0,-0.000E+3,-0]"#, "[-0,-0,-0,0]"),
        (#"[0.0,0e0,0]"#, "[0,0,0]"),
    ])
    func jsonTextKeepsTheSignOfAFloatingPointZero(json: String, expected: String) throws {
        let text = JSONText(MessageBody(bytes: Array(json.utf8)))
        let request = try RequestSerializer(includesDefaultHeaders: false).serializedRequest(
            method: .post, url: "https://example.com", json: text, format: JSONBodySerializer.json)
        #expect(request.body?.bytes == Array(expected.utf8))
        #expect(try jsonText(ParameterValue(json: text)) == expected)
    }
}
