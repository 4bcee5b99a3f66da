import Foundation
import Testing
import Wireform
import WireformMultipart

/// `Encodable` values through the multipart format and ``ParameterValueEncoder``: text fields with bracket names,
/// `Data` raw.
@Suite struct MultipartEncodableTests {
    struct Profile: Encodable {
        var name: String
        var tags: [String]
        var avatar: Data
        var address: Address
    }

    struct Address: Encodable {
        var city: String
    }

    @Test func encodableValueBecomesFieldsWithRawData() throws {
        let profile = Profile(name: "bang", tags: ["a"], avatar: Data([0x00, 0xFF]), address: Address(city: "北京"))
        let serializer = try MultipartFormDataSerializer(boundary: .constant("B"))
        var expected = crlf(
            "--B",
            "Content-Disposition: form-data; name=\"address[city]\"",
            "",
            "北京",
            "--B",
            "Content-Disposition: form-data; name=\"avatar\"",
            "",
            ""
        )
        expected += [0x00, 0xFF]
        expected += crlf(
            "",
            "--B",
            "Content-Disposition: form-data; name=\"name\"",
            "",
            "bang",
            "--B",
            "Content-Disposition: form-data; name=\"tags[]\"",
            "",
            "a",
            "--B--",
            ""
        )
        #expect(try serializer.serialize(encodable: profile).body.bytes == expected)
        // The same value appended to a form of your own.
        var form = try MultipartForm(boundary: .constant("B"))
        try form.append(parameters: ParameterValueEncoder().encode(profile), queryStyle: .brackets)
        #expect(try form.encodedBytes() == expected)
    }

    @Test func snakeCaseEncoderNamesTheFields() throws {
        struct Upload: Encodable { var fileName: String }
        let encoder = ParameterValueEncoder(keyEncodingStrategy: .convertToSnakeCase)
        let serializer = try MultipartFormDataSerializer(boundary: .constant("B"))
        let body = try serializer.serialize(
            encodable: Upload(fileName: "a.txt"), context: BodySerializationContext(parameterEncoder: encoder))
        let text = String(decoding: body.body.bytes ?? [], as: UTF8.self)
        #expect(text.contains("name=\"file_name\"\r\n\r\na.txt\r\n"))
    }

    @Test func nonDictionaryValueIsAnError() throws {
        let serializer = try MultipartFormDataSerializer(boundary: .constant("B"))
        #expect(throws: SerializationError.self) { try serializer.serialize(encodable: ["a", "b"]) }
    }
}
