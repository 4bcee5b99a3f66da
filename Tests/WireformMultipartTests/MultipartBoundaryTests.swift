import Testing
import Wireform
import WireformMultipart

@Suite struct MultipartBoundaryTests {
    @Test func randomBoundaryHas128BitsOfHex() throws {
        let boundary = try #require(boundaryParameter(of: MultipartForm()))
        #expect(boundary.hasPrefix("wireform-"))
        let digits = boundary.dropFirst("wireform-".count)
        #expect(digits.count == 32)
        #expect(digits.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        #expect(boundaryParameter(of: MultipartForm()) != boundary)
    }

    /// `.random` is a way of making boundaries, not one boundary: each form gets its own.
    @Test func oneRandomValueMakesANewBoundaryForEachForm() throws {
        let random = MultipartBoundary.random
        #expect(
            boundaryParameter(of: MultipartForm(boundary: random))
                != boundaryParameter(of: MultipartForm(boundary: random)))
        let serializer = MultipartFormDataSerializer(boundary: random)
        #expect(
            try serializer.serialize(["a": "1"]).contentType.parameter("boundary")
                != serializer.serialize(["a": "1"]).contentType.parameter("boundary"))
    }

    @Test func constantBoundaryIsUsedAsIs() throws {
        let form = try MultipartForm(boundary: .constant("a'()+_,-./:=? z"))
        #expect(boundaryParameter(of: form) == "a'()+_,-./:=? z")
        #expect(form.serializedBody.contentType.description == "multipart/form-data; boundary=\"a'()+_,-./:=? z\"")
    }

    @Test func seventyBytesAreAllowed() throws {
        let boundary = String(repeating: "x", count: 70)
        #expect(try boundaryParameter(of: MultipartForm(boundary: .constant(boundary))) == boundary)
    }

    @Test(arguments: [
        ("", "The multipart boundary is empty; RFC 2046 needs 1 to 70 bytes"),
        (
            String(repeating: "x", count: 71),
            "The multipart boundary '\(String(repeating: "x", count: 71))' is 71 bytes long: "
                + "RFC 2046 allows at most 70 bytes"
        ),
        ("a\"b", "The multipart boundary 'a\"b' contains '\"', which RFC 2046 does not allow"),
        ("a\r\nb", "The multipart boundary 'a\\r\\nb' contains '\\r', which RFC 2046 does not allow"),
        ("ab ", "The multipart boundary 'ab ' ends with a space, which RFC 2046 does not allow"),
    ])
    func invalidBoundariesAreRejected(boundary: String, reason: String) {
        expectError(.invalidPart, reason) { _ = try MultipartBoundary.constant(boundary) }
    }
}
