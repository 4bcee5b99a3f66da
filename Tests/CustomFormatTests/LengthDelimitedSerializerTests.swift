import Testing
import Wireform

@Suite struct LengthDelimitedSerializerTests {
    private let serializer = LengthDelimitedSerializer(schema: ["id": 1, "name": 2, "tags": 3, "ok": 4])

    @Test func writesAMessageInTheWireFormatPrefixedWithItsLength() throws {
        // id = 150: tag 0x08, varint 0x96 0x01; name = "hi": tag 0x12, length 2, bytes. 7 bytes in all.
        let body = try serializer.serialize(["id": 150, "name": "hi"])
        #expect(body.body.bytes == [0x07, 0x08, 0x96, 0x01, 0x12, 0x02, 0x68, 0x69])
        #expect(body.contentType.description == "application/x-protobuf; delimited=true")
    }

    @Test func writesRepeatedFieldsAndStreamsOfMessages() throws {
        let body = try serializer.serialize([["tags": ["a", "bc"]], ["ok": true]])
        #expect(body.body.bytes == [0x07, 0x1A, 0x01, 0x61, 0x1A, 0x02, 0x62, 0x63, 0x02, 0x20, 0x01])
    }

    @Test func varintsOfEveryWidth() {
        var bytes: [UInt8] = []
        for value: UInt64 in [0, 127, 128, 300, UInt64.max] {
            LengthDelimitedSerializer.appendVarint(value, to: &bytes)
        }
        #expect(bytes == [0x00, 0x7F, 0x80, 0x01, 0xAC, 0x02] + [UInt8](repeating: 0xFF, count: 9) + [0x01])
    }
}
