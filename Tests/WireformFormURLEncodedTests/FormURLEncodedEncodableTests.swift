import Foundation
import Testing
import Wireform
import WireformFormURLEncoded

/// `serialize(encodable:)` writes the same form body as the tree path, with the serializer's own options honored.
@Suite struct FormURLEncodedEncodableTests {
    struct Signup: Encodable {
        var name = "bang co"
        var roles = ["admin", "dev"]
        var profile = ["city": "北京", "age": "30"]
    }

    @Test(arguments: [PercentEncoding.SpaceEncoding.percent20, .plus])
    func encodableBodiesMatchTheTreePath(spaceEncoding: PercentEncoding.SpaceEncoding) throws {
        let serializer = FormURLEncodedSerializer(spaceEncoding: spaceEncoding, charset: "utf-8")
        let fromValue = try serializer.serialize(encodable: Signup())
        let fromTree = try serializer.serialize(try ParameterValueEncoder().encode(Signup()))
        #expect(fromValue.body.bytes == fromTree.body.bytes)
        #expect(fromValue.contentType == fromTree.contentType)
    }

    @Test func aStyleOfItsOwnIsHonored() throws {
        let serializer = FormURLEncodedSerializer(queryStyle: .indexed)
        let body = try serializer.serialize(encodable: Signup())
        let text = String(decoding: try #require(body.body.bytes), as: UTF8.self)
        #expect(text.contains("roles%5B0%5D=admin&roles%5B1%5D=dev"))
    }
}
