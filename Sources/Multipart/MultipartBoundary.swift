public import Wireform

/// The boundary that separates the parts of a multipart body: ``random`` (the default) or a ``constant(_:)``.
///
/// A random boundary is `wireform-` and 32 hexadecimal digits: 128 bits from the system's cryptographically secure
/// generator, drawn afresh for each form, so whoever supplies part contents cannot guess it. Tests pin the bytes
/// with a constant:
///
/// ```swift
/// let form = try MultipartForm(boundary: .constant("test-boundary"))
/// ```
///
/// Whoever supplies part contents may know a constant boundary, so a form with one refuses any part that holds the
/// delimiter `CRLF--boundary` (``Wireform/SerializationError/Code/invalidPart``); the random default needs no check.
///
/// https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1
public struct MultipartBoundary: Sendable {
    /// The constant boundary, or `nil` for a random one made for each form.
    let constant: String?

    private init(constant: String?) { self.constant = constant }

    /// A random boundary with 128 bits from `SystemRandomNumberGenerator`, new for each form (the default).
    public static var random: Self { Self(constant: nil) }

    /// The same boundary for every form: for tests and byte-exact fixtures.
    /// - Parameter boundary: 1 to 70 RFC 2046 boundary characters (digits, letters, `'()+_,-./:=?` and space), not
    ///   ending with a space.
    /// - Returns: The boundary.
    /// - Throws: ``Wireform/SerializationError/Code/invalidPart`` when it is empty, longer than 70 bytes, has a
    ///   character RFC 2046 does not allow or ends with a space.
    public static func constant(_ boundary: String) throws(SerializationError) -> Self {
        try validate(boundary)
        return Self(constant: boundary)
    }

    /// Whether the boundary is made afresh from random bits, so no content can hold its delimiter but by chance.
    var isRandom: Bool { constant == nil }

    /// The boundary text for one form: the constant, or a new random boundary.
    package func make() -> String { constant ?? Self.randomText() }

    /// A new random boundary, such as `wireform-3f9c0d2a8b7e41c6a5d0e9f8b7c6a5d4`.
    static func randomText() -> String {
        var generator = SystemRandomNumberGenerator()
        var bytes = Array("wireform-".utf8)
        let digits = Array("0123456789abcdef".utf8)
        for _ in 0..<2 {
            let word = generator.next() as UInt64
            for shift in stride(from: 60, through: 0, by: -4) {
                bytes.append(digits[Int((word >> UInt64(shift)) & 0xF)])
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension MultipartBoundary {
    /// RFC 2046 allows at most 70 bytes.
    static let maximumLength = 70

    /// Checks a boundary against RFC 2046.
    static func validate(_ boundary: String) throws(SerializationError) {
        let bytes = Array(boundary.utf8)
        guard !bytes.isEmpty else {
            throw SerializationError(.invalidPart, "The multipart boundary is empty; RFC 2046 needs 1 to 70 bytes")
        }
        guard bytes.count <= maximumLength else {
            throw SerializationError(
                .invalidPart,
                "The multipart boundary \(SerializationError.quoted(boundary)) is \(bytes.count) bytes long: "
                    + "RFC 2046 allows at most 70 bytes"
            )
        }
        if let bad = bytes.first(where: { !isBoundaryByte($0) }) {
            throw SerializationError(
                .invalidPart,
                "The multipart boundary \(SerializationError.quoted(boundary)) contains "
                    + "\(SerializationError.quoted(String(decoding: [bad], as: UTF8.self))), which RFC 2046 does not allow"
            )
        }
        guard bytes.last != UInt8(ascii: " ") else {
            throw SerializationError(
                .invalidPart,
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
