import Testing
import Wireform
import WireformMultipart

@Suite struct MultipartBoundaryTests {
    @Test func randomBoundaryHas128BitsOfHex() {
        let boundary = RandomMultipartBoundaryGenerator().makeBoundary()
        #expect(boundary.hasPrefix("wireform-"))
        let digits = boundary.dropFirst("wireform-".count)
        #expect(digits.count == 32)
        #expect(digits.utf8.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) })
        #expect(RandomMultipartBoundaryGenerator().makeBoundary() != boundary)
        #expect(MultipartForm().boundary != MultipartForm().boundary)
    }

    @Test func constantBoundaryIsUsedAsIs() throws {
        let form = try MultipartForm(boundary: .constant("a'()+_,-./:=? z"))
        #expect(form.boundary == "a'()+_,-./:=? z")
        #expect(form.contentType.description == "multipart/form-data; boundary=\"a'()+_,-./:=? z\"")
    }

    @Test func seventyBytesAreAllowed() throws {
        let boundary = String(repeating: "x", count: 70)
        #expect(try MultipartForm(boundary: .constant(boundary)).boundary == boundary)
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
        expectError(.invalidBoundary, reason) { _ = try MultipartForm(boundary: .constant(boundary)) }
    }

    /// A third-party generator throws its own errors (the requirement is plain `throws`).
    @Test func generatorErrorsBecomeInvalidBoundary() throws {
        struct Failure: Error {}
        struct FailingGenerator: MultipartBoundaryGenerator {
            func makeBoundary() throws -> String { throw Failure() }
        }
        struct OwnGenerator: MultipartBoundaryGenerator {
            func makeBoundary() throws -> String { "own-boundary" }
        }
        do {
            _ = try MultipartForm(boundary: FailingGenerator())
            Issue.record("Expected an error")
        } catch {
            #expect(error.code == .invalidBoundary)
            #expect(error.reason == "The boundary generator FailingGenerator failed")
            #expect(error.underlyingError is Failure)
        }
        #expect(try MultipartForm(boundary: OwnGenerator()).boundary == "own-boundary")
    }
}
