import Foundation
import Testing
import Wireform
import WireformMultipart

/// Forms made from `Encodable` values through ``ParameterValueEncoder``: text fields with bracket names, `Data` raw.
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
        let form = try MultipartForm(encoding: profile, boundary: .constant("B"))
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
        #expect(try form.encodedBytes() == expected)
    }

    @Test func snakeCaseEncoderNamesTheFields() throws {
        struct Upload: Encodable { var fileName: String }
        let encoder = ParameterValueEncoder(keyEncodingStrategy: .convertToSnakeCase)
        let form = try MultipartForm(encoding: Upload(fileName: "a.txt"), encoder: encoder, boundary: .constant("B"))
        let text = String(decoding: try form.encodedBytes(), as: UTF8.self)
        #expect(text.contains("name=\"file_name\"\r\n\r\na.txt\r\n"))
    }

    @Test func nonDictionaryValueIsAnError() {
        #expect(throws: SerializationError.self) { try MultipartForm(encoding: ["a", "b"], boundary: .constant("B")) }
    }
}
