public import Wireform

#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

extension MultipartForm {
    /// Appends a text field: `Content-Disposition: form-data; name="…"` and the text as UTF-8.
    /// - Parameters:
    ///   - text: The value.
    ///   - name: The field name, escaped the way browsers do (`"` → `%22`, CR → `%0D`, LF → `%0A`).
    public mutating func append(_ text: String, name: String) {
        append(formDataPart(name: name, fileName: nil, contentType: nil, body: MessageBody(bytes: Array(text.utf8))))
    }

    /// Appends bytes (`[UInt8]`, `Data`, a slice, any collection of bytes) as a plain field or, with a file name,
    /// as a file.
    ///
    /// ```swift
    /// try form.append(pngData, name: "avatar", fileName: "avatar.png")   // image/png
    /// ```
    /// `Data` and `[UInt8]` are kept as they are and copied once, when the body is produced.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - contentType: The part's `Content-Type`; by default looked up from the file name's extension in
    ///     Wireform's built-in table when there is a file name (`application/octet-stream` when it is unknown),
    ///     otherwise omitted.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is text
    ///   that cannot be a header field value.
    public mutating func append(
        _ bytes: some Collection<UInt8>,
        name: String,
        fileName: String? = nil,
        contentType: PartContentType? = nil
    ) throws(SerializationError) {
        let body: MessageBody
        if let data = bytes as? Data {
            body = MessageBody(data: data)
        } else if let array = bytes as? [UInt8] {
            body = MessageBody(bytes: array)
        } else {
            body = MessageBody(bytes: Array(bytes))
        }
        try append(body, name: name, fileName: fileName, contentType: contentType, fallback: nil)
    }

    /// Appends a file, streamed from disk each time the body is produced (``Wireform/MessageBody/init(fileAt:)``).
    ///
    /// The file is checked now: it must be a readable regular file. Its size is recorded, and the body fails
    /// if the file has another size when it is read.
    /// - Parameters:
    ///   - url: A file URL.
    ///   - name: The field name.
    ///   - fileName: The file name; by default the URL's last path component.
    ///   - contentType: The part's `Content-Type`; by default looked up from the file name's extension in
    ///     Wireform's built-in table (`application/octet-stream` when it is unknown).
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is text
    ///   that cannot be a header field value (checked first), and
    ///   ``Wireform/SerializationError/Code/fileUnavailable`` with the path when the URL is not a file URL or the
    ///   file is missing, a directory or unreadable.
    public mutating func append(
        fileAt url: URL,
        name: String,
        fileName: String? = nil,
        contentType: PartContentType? = nil
    ) throws(SerializationError) {
        let fieldValue = try contentType?.fieldValue(forPartNamed: name)
        let body = try MessageBody(fileAt: url)
        let fileName = fileName ?? url.lastPathComponent
        let type = fieldValue ?? MIMETypes.mediaType(forFileName: fileName).description
        append(formDataPart(name: name, fileName: fileName, contentType: type, body: body))
    }

    /// Appends any body as a part: a file, a stream, an async sequence, or the body of another format.
    ///
    /// ```swift
    /// let json = try JSONBodySerializer().serialize(metadata, context: BodySerializationContext())
    /// try form.append(json.body, name: "metadata", contentType: .mediaType(json.contentType))
    /// try form.append(MessageBody(length: .known(size)) { chunks }, name: "log", fileName: "log.txt")
    /// ```
    /// A known length is enforced while the form is produced; an error of the body names the part. A form with a
    /// part from an async sequence can only be produced asynchronously (`body.chunks()`), not through an
    /// `InputStream`.
    /// - Parameters:
    ///   - body: The part's body.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil`.
    ///   - contentType: The part's `Content-Type`; by default looked up from the file name's extension in
    ///     Wireform's built-in table, or `application/octet-stream`.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is text
    ///   that cannot be a header field value.
    public mutating func append(
        _ body: MessageBody,
        name: String,
        fileName: String? = nil,
        contentType: PartContentType? = nil
    ) throws(SerializationError) {
        try append(body, name: name, fileName: fileName, contentType: contentType, fallback: .octetStream)
    }

    /// Appends a part with header fields of your own, such as for `multipart/mixed` or `multipart/related`.
    ///
    /// ```swift
    /// form.append(headers: try HeaderFields(validating: [("Content-ID", "<root>")]), body: MessageBody(bytes: xml))
    /// ```
    /// `Content-Disposition` and `Content-Type`, when present, are written first; the other fields follow in order.
    /// - Parameters:
    ///   - headers: The header fields (validated by ``Wireform/HeaderFields``: no CR, LF or NUL in values).
    ///   - body: The part's body.
    public mutating func append(headers: HeaderFields, body: MessageBody) {
        append(MultipartPart(headers: headers, body: body, name: nil))
    }

    /// A `form-data` part; the `Content-Type` is `contentType`, else derived from the file name, else `fallback`.
    private mutating func append(
        _ body: MessageBody,
        name: String,
        fileName: String?,
        contentType: PartContentType?,
        fallback: ContentType?
    ) throws(SerializationError) {
        let type =
            try contentType?.fieldValue(forPartNamed: name)
            ?? (fileName.map(MIMETypes.mediaType(forFileName:)) ?? fallback)?.description
        append(formDataPart(name: name, fileName: fileName, contentType: type, body: body))
    }

    /// A `form-data` part whose `Content-Type`, when given, is a valid field value written as it is.
    func formDataPart(name: String, fileName: String?, contentType: String?, body: MessageBody) -> MultipartPart {
        var headers = HeaderFields()
        // Escaping leaves no control byte and the value starts and ends with a letter or quote, so it is always a
        // valid field value and `try?` drops nothing; callers check `contentType` first.
        try? headers.addValue(
            MultipartHeaderEscaping.formDataDisposition(name: name, fileName: fileName), for: .contentDisposition)
        if let contentType {
            try? headers.addValue(contentType, for: .contentType)
        }
        return MultipartPart(headers: headers, body: body, name: name)
    }
}
