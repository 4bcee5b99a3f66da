import Foundation
import Testing
import Wireform
import WireformFormURLEncoded

/// A query string and a form body write `-0.0` as `-0` (``ParameterNumber/description``), from every source; JSON
/// text `-0` (integer syntax) is the integer zero, `0`.
@Suite struct NegativeZeroQueryAndFormTests {
    /// A value that encodes a `Double` and a `Float` negative zero.
    struct Zeros: Encodable {
        var double = -0.0
        var float: Float = -0.0
    }

    @Test func aQueryWritesMinusZero() throws {
        let style = StandardQueryStyle.brackets
        #expect(try style.queryString(for: ["d": .double(-0.0), "z": .double(0.0)]) == "d=-0&z=0")
        #expect(try style.queryString(encoding: Zeros()) == "double=-0&float=-0")
        let tree = try ParameterValue(json: JSONText(MessageBody(bytes: Array(#"{"a":-0.0,"b":-0e0,"c":-0}"#.utf8))))
        #expect(try style.queryString(for: tree) == "a=-0&b=-0&c=0")
    }

    @Test func aFormBodyWritesMinusZero() throws {
        let serializer = RequestSerializer(includesDefaultHeaders: false)
        let url = "https://example.com"
        let format = FormURLEncodedSerializer.formURLEncoded
        let fromTree = try serializer.serializedRequest(
            method: .post, url: url, parameters: ["d": .double(-0.0)], format: format)
        #expect(fromTree.body?.bytes == Array("d=-0".utf8))
        let fromValue = try serializer.serializedRequest(method: .post, url: url, encoding: Zeros(), format: format)
        #expect(fromValue.body?.bytes == Array("double=-0&float=-0".utf8))
        let text = JSONText(MessageBody(bytes: Array(#"{"a":-0.0,"c":-0}"#.utf8)))
        let fromText = try serializer.serializedRequest(method: .post, url: url, json: text, format: format)
        #expect(fromText.body?.bytes == Array("a=-0&c=0".utf8))
    }
}
