import Wireform

/// RFC 2046 rules for boundaries.
///
/// https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1
enum MultipartBoundary {
    /// RFC 2046 allows at most 70 bytes.
    static let maximumLength = 70

    static func validate(_ boundary: String) throws(SerializationError) {
        let bytes = Array(boundary.utf8)
        guard !bytes.isEmpty else {
            throw SerializationError(.invalidBoundary, "The multipart boundary is empty; RFC 2046 needs 1 to 70 bytes")
        }
        guard bytes.count <= maximumLength else {
            throw SerializationError(
                .invalidBoundary,
                "The multipart boundary \(SerializationError.quoted(boundary)) is \(bytes.count) bytes long: "
                    + "RFC 2046 allows at most 70 bytes"
            )
        }
        if let bad = bytes.first(where: { !isBoundaryByte($0) }) {
            throw SerializationError(
                .invalidBoundary,
                "The multipart boundary \(SerializationError.quoted(boundary)) contains "
                    + "\(SerializationError.quoted(String(decoding: [bad], as: UTF8.self))), which RFC 2046 does not allow"
            )
        }
        guard bytes.last != UInt8(ascii: " ") else {
            throw SerializationError(
                .invalidBoundary,
                "The multipart boundary \(SerializationError.quoted(boundary)) ends with a space, which RFC 2046 does not allow"
            )
        }
    }

    /// `bchars`: digits, letters, `'()+_,-./:=?` and space.
    static func isBoundaryByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "+"), UInt8(ascii: "_"),
            UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"),
            UInt8(ascii: "="), UInt8(ascii: "?"), UInt8(ascii: " "):
            return true
        default:
            return false
        }
    }
}
