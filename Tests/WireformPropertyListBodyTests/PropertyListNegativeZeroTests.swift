import Foundation
import Testing
import Wireform
import WireformPropertyListBody

/// `-0.0` keeps its sign in both property-list formats from every source: `<real>-0</real>` in XML, a real whose
/// eight bytes are `80 00 00 00 00 00 00 00` in the binary format. JSON text `-0` (integer syntax) is the integer zero.
@Suite struct PropertyListNegativeZeroTests {
    /// A value that encodes a `Double` and a `Float` negative zero.
    struct Zeros: Encodable {
        var double = -0.0
        var float: Float = -0.0
    }

    /// The XML body from each source: a tree, an `Encodable` value (an array of its two members) and JSON text.
    static func xmlBodies(json: String, tree: ParameterValue) throws -> [[UInt8]?] {
        let serializer = PropertyListBodySerializer(format: .xml)
        let requests = RequestSerializer(includesDefaultHeaders: false)
        return [
            try serializer.serialize(tree).body.bytes,
            try requests.serializedRequest(
                method: .post, url: "https://example.com", json: JSONText(MessageBody(bytes: Array(json.utf8))),
                format: serializer
            ).body?.bytes,
        ]
    }

    @Test func xmlKeepsTheSignFromATreeAndFromJSONText() throws {
        let expected = Array(
            plistDocument(
                "<array>", "\t<real>-0</real>", "\t<real>-0</real>", "\t<real>0</real>", "\t<integer>0</integer>",
                "</array>"
            ).utf8)
        let bodies = try Self.xmlBodies(
            json: "[-0.0,-0e0,0.0,-0]", tree: [.double(-0.0), .double(-0.0), .decimal(0), .integer(0)])
        for body in bodies { #expect(body == expected) }
    }

    @Test func xmlKeepsTheSignOfAnEncodableValue() throws {
        let body = try PropertyListBodySerializer(format: .xml).serialize(
            encodable: Zeros(), context: BodySerializationContext())
        let expected = plistDocument(
            "<dict>", "\t<key>double</key>", "\t<real>-0</real>", "\t<key>float</key>", "\t<real>-0</real>", "</dict>")
        #expect(body.body.bytes == Array(expected.utf8))
    }

    /// The binary document for one top-level value: header, the object, an offset table of one 1-byte offset, and the
    /// trailer.
    static func binaryDocument(object: [UInt8]) -> [UInt8] {
        var bytes = Array("bplist00".utf8) + object
        bytes.append(8)  // the offset table: the object starts at byte 8
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]  // unused, sort version, offset size 1, reference size 1
        bytes += [0, 0, 0, 0, 0, 0, 0, 1]  // one object
        bytes += [0, 0, 0, 0, 0, 0, 0, 0]  // the top object is object 0
        bytes += [0, 0, 0, 0, 0, 0, 0, UInt8(8 + object.count)]  // the offset table's offset
        return bytes
    }

    @Test func binaryKeepsTheSignFromEverySource() throws {
        let negativeZero: [UInt8] = [0x23, 0x80, 0, 0, 0, 0, 0, 0, 0]
        let serializer = PropertyListBodySerializer(format: .binary)
        let requests = RequestSerializer(includesDefaultHeaders: false)
        let expected = Self.binaryDocument(object: negativeZero)
        #expect(try serializer.serialize(.double(-0.0)).body.bytes == expected)
        #expect(try serializer.serialize(encodable: -0.0, context: BodySerializationContext()).body.bytes == expected)
        #expect(
            try serializer.serialize(encodable: Float(-0.0), context: BodySerializationContext()).body.bytes
                == expected)
        for json in ["-0.0", "-0e0"] {
            let text = JSONText(MessageBody(bytes: Array(json.utf8)))
            let request = try requests.serializedRequest(
                method: .post, url: "https://example.com", json: text, format: serializer)
            #expect(request.body?.bytes == expected, "\(json)")
        }
        // Integer syntax is the integer zero: a one-byte integer object.
        let integerZero = try requests.serializedRequest(
            method: .post, url: "https://example.com", json: JSONText(MessageBody(bytes: Array("-0".utf8))),
            format: serializer)
        #expect(integerZero.body?.bytes == Self.binaryDocument(object: [0x10, 0]))
    }
}
