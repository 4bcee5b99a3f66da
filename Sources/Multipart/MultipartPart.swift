public import Wireform

/// One part of a multipart body: its header fields and its content.
///
/// Make parts with the `append` methods of ``MultipartForm``. The header fields are kept in the order they are
/// written: `Content-Disposition`, then `Content-Type`, then the others in the order they were given.
public struct MultipartPart: Sendable {
    /// The part's header fields, in the order they are written.
    public let headers: HTTPHeaders
    /// The part's content.
    public let content: MultipartContent
    /// The form field name, when the part has one (used in error messages).
    public let name: String?

    /// Creates a part, putting `Content-Disposition` and `Content-Type` first.
    /// - Parameters:
    ///   - headers: The header fields (validated by ``Wireform/HTTPHeaders``: no CR, LF or NUL in values).
    ///   - content: The content.
    public init(headers: HTTPHeaders, content: MultipartContent) {
        self.init(headers: headers, content: content, name: nil)
    }

    init(headers: HTTPHeaders, content: MultipartContent, name: String?) {
        self.headers = Self.ordered(headers)
        self.content = content
        self.name = name
    }

    /// The header fields with `Content-Disposition` first and `Content-Type` second.
    static func ordered(_ headers: HTTPHeaders) -> HTTPHeaders {
        let fields = Array(headers)
        let first = fields.filter { $0.name == .contentDisposition }
        let second = fields.filter { $0.name == .contentType }
        let rest = fields.filter { $0.name != .contentDisposition && $0.name != .contentType }
        var ordered = HTTPHeaders()
        for field in first + second + rest {
            // The values were validated when they were first added.
            try? ordered.addValue(field.value, for: field.name)
        }
        return ordered
    }

    /// A description of the part for error messages: `part 'avatar'` or `part 3`.
    func label(index: Int) -> String {
        if let name { return "part \(HTTPToken.quoted(name))" }
        return "part \(index)"
    }
}
