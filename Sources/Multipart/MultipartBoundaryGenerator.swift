public import Wireform

/// Makes the boundary that separates the parts of a multipart body.
///
/// The default, ``random``, draws 128 bits from the system's cryptographically secure generator, so the boundary
/// cannot be guessed by whoever supplies part contents. Tests pin the bytes with ``constant(_:)``:
///
/// ```swift
/// let form = try MultipartForm(boundary: .constant("test-boundary"))
/// ```
///
/// https://www.rfc-editor.org/rfc/rfc2046#section-5.1.1
public protocol MultipartBoundaryGenerator: Sendable {
    /// Makes a boundary.
    /// - Returns: 1 to 70 RFC 2046 boundary characters, not ending with a space.
    /// - Throws: Any error when the boundary cannot be made; ``MultipartForm/init(subtype:boundary:)`` rethrows a
    ///   ``Wireform/SerializationError`` as it is and wraps any other error in one with code
    ///   ``Wireform/SerializationError/Code/invalidPart``.
    func makeBoundary() throws -> String
}

/// A boundary of `wireform-` followed by 32 hexadecimal digits (128 random bits).
public struct RandomMultipartBoundaryGenerator: MultipartBoundaryGenerator {
    /// Creates a generator.
    public init() {}

    /// Makes a new random boundary.
    /// - Returns: A boundary such as `wireform-3f9c0d2a8b7e41c6a5d0e9f8b7c6a5d4`.
    public func makeBoundary() -> String {
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

/// The same boundary every time, validated against RFC 2046: for tests and byte-exact fixtures.
///
/// Whoever supplies part contents may know a constant boundary, so a form with one refuses any part that holds the
/// delimiter `CRLF--boundary` (``Wireform/SerializationError/Code/invalidPart``). The check reads every byte of every
/// part once more; the random default needs no check.
public struct ConstantMultipartBoundaryGenerator: MultipartBoundaryGenerator {
    /// The boundary.
    public let boundary: String

    /// Creates a generator.
    /// - Parameter boundary: The boundary; it is validated when the form is made.
    public init(_ boundary: String) { self.boundary = boundary }

    /// Returns the boundary after checking it.
    /// - Returns: The boundary.
    /// - Throws: ``Wireform/SerializationError/Code/invalidPart`` when it is empty, longer than 70 bytes, has a
    ///   character RFC 2046 does not allow or ends with a space.
    public func makeBoundary() throws(SerializationError) -> String {
        try MultipartBoundary.validate(boundary)
        return boundary
    }
}

extension MultipartBoundaryGenerator where Self == RandomMultipartBoundaryGenerator {
    /// A random boundary with 128 bits from `SystemRandomNumberGenerator` (the default).
    public static var random: Self { RandomMultipartBoundaryGenerator() }
}

extension MultipartBoundaryGenerator where Self == ConstantMultipartBoundaryGenerator {
    /// A fixed boundary, validated when the form is made.
    /// - Parameter boundary: The boundary.
    /// - Returns: The generator.
    public static func constant(_ boundary: String) -> Self { ConstantMultipartBoundaryGenerator(boundary) }
}
