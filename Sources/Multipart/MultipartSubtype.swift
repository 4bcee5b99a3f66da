public import Wireform

/// The subtype of a multipart body: `form-data` for HTML-style forms, or `mixed`, `alternative`, `related`.
///
/// ```swift
/// let related = MultipartForm(subtype: .related(type: .json))
/// related.contentType  // multipart/related; boundary=…; type="application/json"
/// ```
public struct MultipartSubtype: Sendable, Hashable {
    /// The subtype token, lowercased, such as `form-data`.
    let name: String
    /// The root part's media type, written as the `type` parameter of `multipart/related`.
    let rootType: ContentType?

    init(unchecked name: String, rootType: ContentType?) {
        self.name = name
        self.rootType = rootType
    }

    /// `multipart/form-data` (RFC 7578), the default.
    public static let formData = Self(unchecked: "form-data", rootType: nil)
    /// `multipart/mixed` (RFC 2046).
    public static let mixed = Self(unchecked: "mixed", rootType: nil)

    /// `multipart/related` (RFC 2387) with the media type of its root part as the `type` parameter.
    ///
    /// https://www.rfc-editor.org/rfc/rfc2387#section-3.1
    /// - Parameter type: The root part's media type, written without its parameters.
    /// - Returns: The subtype.
    public static func related(type: ContentType) -> Self { Self(unchecked: "related", rootType: type.essence) }
}
