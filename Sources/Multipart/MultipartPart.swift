import Wireform

/// One part of a multipart body: its header fields and its body.
///
/// The body is any ``Wireform/MessageBody``: bytes in memory, a file (``Wireform/MessageBody/init(fileAt:)``), a
/// stream or an async sequence, or the body of another format such as JSON. Its length, when known, is part of the
/// form's length and is enforced while the form is produced.
///
/// The `append` methods of ``MultipartForm`` make parts. The header fields are kept in the order they are
/// written: `Content-Disposition`, then `Content-Type`, then the others in the order they were given.
struct MultipartPart: Sendable {
    /// The part's header fields, in the order they are written.
    let headers: HeaderFields
    /// The part's body.
    let body: MessageBody
    /// The form field name, when the part has one (used in error messages).
    let name: String?

    /// Creates a part, putting `Content-Disposition` and `Content-Type` first.
    init(headers: HeaderFields, body: MessageBody, name: String?) {
        self.headers = Self.ordered(headers)
        self.body = body
        self.name = name
    }

    /// The header fields with `Content-Disposition` first and `Content-Type` second.
    static func ordered(_ headers: HeaderFields) -> HeaderFields {
        // Parts built by the form's `append` methods are already in order: keep them as they are.
        var previousRank = 0
        var isOrdered = true
        for field in headers {
            let rank = field.name == .contentDisposition ? 0 : field.name == .contentType ? 1 : 2
            if rank < previousRank {
                isOrdered = false
                break
            }
            previousRank = rank
        }
        if isOrdered { return headers }
        let fields = Array(headers)
        let first = fields.filter { $0.name == .contentDisposition }
        let second = fields.filter { $0.name == .contentType }
        let rest = fields.filter { $0.name != .contentDisposition && $0.name != .contentType }
        var ordered = HeaderFields()
        for field in first + second + rest { ordered.append(field) }
        return ordered
    }
}
