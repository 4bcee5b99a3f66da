public import Wireform

extension MultipartForm {
    /// A part's `Content-Type`: a ``Wireform/ContentType``, or text written exactly as you give it.
    ///
    /// ```swift
    /// try form.append(csv, name: "report", fileName: "r.csv", contentType: "text/csv; header=present")
    /// try form.append(json.body, name: "metadata", contentType: .mediaType(json.contentType))
    /// try form.append(bytes, name: "blob", contentType: .verbatim(typeFromTheCaller))
    /// ```
    ///
    /// Text need not parse as a media type (`image/x-custom`, `text/plain;charset=latin1`, a vendor's own
    /// spelling): like AFNetworking and Alamofire, Wireform sends what you wrote. Only text that cannot be a header
    /// field value (CR, LF, NUL or another control character, or white space at either end) is refused, by the
    /// `append` that is given it, with ``Wireform/SerializationError/Code/invalidHeader`` naming the part.
    public struct PartContentType: Sendable, ExpressibleByStringLiteral {
        /// The field value.
        let text: String
        /// Whether the text is a caller's own and must be checked before it is written.
        let isVerbatim: Bool

        /// A media type, written in its canonical form (`application/json; charset=utf-8`); always a valid field
        /// value.
        /// - Parameter mediaType: The media type.
        /// - Returns: The content type.
        public static func mediaType(_ mediaType: ContentType) -> Self {
            Self(text: mediaType.description, isVerbatim: false)
        }

        /// Text written exactly as given, checked when the part is appended.
        /// - Parameter text: The `Content-Type` field value.
        /// - Returns: The content type.
        public static func verbatim(_ text: String) -> Self { Self(text: text, isVerbatim: true) }

        /// Text written exactly as given, as ``verbatim(_:)``.
        /// - Parameter text: The `Content-Type` field value.
        public init(stringLiteral text: String) { self.init(text: text, isVerbatim: true) }

        private init(text: String, isVerbatim: Bool) {
            self.text = text
            self.isVerbatim = isVerbatim
        }

        /// The field value, after checking a caller's text.
        /// - Parameter name: The part's field name, for the error.
        /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` when the text cannot be a field value.
        func fieldValue(forPartNamed name: String) throws(SerializationError) -> String {
            guard isVerbatim, !HeaderFields.isValidValue(text) else { return text }
            throw SerializationError(
                .invalidHeader,
                "The Content-Type \(SerializationError.quoted(text)) of part \(SerializationError.quoted(name)) "
                    + "is not a valid header field value (control characters, or white space at either end)"
            )
        }
    }
}
