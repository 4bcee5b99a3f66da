public import Foundation
public import Wireform

extension MultipartForm {
    /// Appends a text field: `Content-Disposition: form-data; name="…"` and the text as UTF-8.
    /// - Parameters:
    ///   - text: The value.
    ///   - name: The field name, escaped the way browsers do (`"` → `%22`, CR → `%0D`, LF → `%0A`).
    public mutating func append(_ text: String, name: String) {
        append(
            formDataPart(
                name: name, fileName: nil, mimeType: nil, fallback: nil, body: RequestBody(bytes: Array(text.utf8))))
    }

    /// Appends bytes, as a plain field or, with a file name, as a file.
    /// - Parameters:
    ///   - data: The bytes, kept as they are and copied once, when the body is produced.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - mimeType: The `Content-Type`; by default derived from the file name's extension when there is one,
    ///     otherwise omitted.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: MediaType? = nil) {
        append(
            formDataPart(
                name: name, fileName: fileName, mimeType: mimeType, fallback: nil, body: RequestBody(data: data)))
    }

    /// Appends bytes, as a plain field or, with a file name, as a file.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - mimeType: The `Content-Type`; by default derived from the file name's extension when there is one.
    public mutating func append(_ bytes: [UInt8], name: String, fileName: String? = nil, mimeType: MediaType? = nil) {
        append(
            formDataPart(
                name: name, fileName: fileName, mimeType: mimeType, fallback: nil, body: RequestBody(bytes: bytes)))
    }

    /// Appends any body as a part: a file, a stream, or the body of another format.
    ///
    /// ```swift
    /// try form.append(RequestBody(fileAt: url), name: "upload", fileName: "report.pdf")
    /// ```
    /// A known length is enforced while the form is produced; an error of the body names the part.
    /// - Parameters:
    ///   - body: The part's body.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil`.
    ///   - mimeType: The `Content-Type`; by default derived from the file name, or `application/octet-stream`.
    public mutating func append(
        _ body: RequestBody,
        name: String,
        fileName: String? = nil,
        mimeType: MediaType? = nil
    ) {
        append(formDataPart(name: name, fileName: fileName, mimeType: mimeType, fallback: .octetStream, body: body))
    }

    /// Appends a body serialized by a ``Wireform/BodySerializer`` (JSON, a property list, a format of your own) as a
    /// part whose `Content-Type` is the serialized body's.
    ///
    /// ```swift
    /// form.append(try JSONBodySerializer().serialize(parameters, context: BodySerializationContext()), name: "metadata")
    /// ```
    /// - Parameters:
    ///   - serializedBody: The body and its media type.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil`.
    public mutating func append(_ serializedBody: SerializedBody, name: String, fileName: String? = nil) {
        append(
            formDataPart(
                name: name, fileName: fileName, mimeType: serializedBody.contentType, fallback: nil,
                body: serializedBody.body))
    }

    /// Appends a file, streamed from disk each time the body is produced (``Wireform/RequestBody/init(fileAt:)``).
    ///
    /// The file is checked now: it must be a readable regular file. Its size is recorded, and the body fails
    /// if the file has another size when it is read.
    /// - Parameters:
    ///   - url: A file URL.
    ///   - name: The field name.
    ///   - fileName: The file name; by default the URL's last path component.
    ///   - mimeType: The `Content-Type`; by default looked up from the extension in ``MIMETypes``.
    /// - Throws: ``Wireform/SerializationError/Code/fileUnavailable`` with the path when the URL is not a file URL
    ///   or the file is missing, a directory or unreadable.
    public mutating func append(
        fileAt url: URL,
        name: String,
        fileName: String? = nil,
        mimeType: MediaType? = nil
    ) throws(SerializationError) {
        let body = try RequestBody(fileAt: url)
        append(body, name: name, fileName: fileName ?? url.lastPathComponent, mimeType: mimeType)
    }

    /// Appends a part read from an `InputStream` made fresh each time the body is produced.
    /// - Parameters:
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil`.
    ///   - mimeType: The `Content-Type`; by default derived from the file name, or `application/octet-stream`.
    ///   - length: The stream's size; a known size is enforced and makes the body's length known.
    ///   - makeStream: Makes an unopened stream at its start.
    public mutating func append(
        name: String,
        fileName: String? = nil,
        mimeType: MediaType? = nil,
        length: RequestBody.Length,
        makeStream: @escaping @Sendable () throws -> InputStream
    ) {
        let body = RequestBody(length: length, makeStream: makeStream)
        append(body, name: name, fileName: fileName, mimeType: mimeType)
    }

    /// Appends a part produced by an async sequence made fresh each time the body is produced.
    ///
    /// A form with such a part can only be produced asynchronously (`body.chunks()`), not through an
    /// `InputStream`.
    /// - Parameters:
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil`.
    ///   - mimeType: The `Content-Type`; by default derived from the file name, or `application/octet-stream`.
    ///   - length: The sequence's total size; a known size is enforced.
    ///   - makeChunks: Makes the sequence of byte chunks.
    public mutating func append<Chunks: AsyncSequence & Sendable>(
        name: String,
        fileName: String? = nil,
        mimeType: MediaType? = nil,
        length: RequestBody.Length,
        makeChunks: @escaping @Sendable () throws -> Chunks
    ) where Chunks.Element: Collection, Chunks.Element.Element == UInt8 {
        let body = RequestBody(length: length) { ByteChunks(base: try makeChunks()) }
        append(body, name: name, fileName: fileName, mimeType: mimeType)
    }

    /// Appends a part with header fields of your own, such as for `multipart/mixed` or `multipart/related`.
    ///
    /// `Content-Disposition` and `Content-Type`, when present, are written first; the other fields follow in order.
    /// - Parameters:
    ///   - headers: The header fields.
    ///   - body: The part's body.
    public mutating func append(headers: HeaderFields, body: RequestBody) {
        append(MultipartPart(headers: headers, body: body))
    }

    /// Appends a part with header fields given as strings, validating each one.
    /// - Parameters:
    ///   - headerFields: Names and values, in order.
    ///   - body: The part's body.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` for a name that is not a token
    ///   or a value with CR or LF, for example.
    public mutating func append(
        headerFields: KeyValuePairs<String, String>,
        body: RequestBody
    ) throws(SerializationError) {
        append(headers: try HeaderFields(validating: headerFields.map { ($0.key, $0.value) }), body: body)
    }

    /// A `form-data` part; the `Content-Type` is `mimeType`, else derived from the file name, else `fallback`.
    func formDataPart(
        name: String,
        fileName: String?,
        mimeType: MediaType?,
        fallback: MediaType?,
        body: RequestBody
    ) -> MultipartPart {
        let type = mimeType ?? fileName.map(MIMETypes.mediaType(forFileName:)) ?? fallback
        // A media type's text is tokens and quoted strings, always a valid field value.
        return formDataPart(name: name, fileName: fileName, contentType: type?.description, body: body)
    }

    /// A `form-data` part whose `Content-Type`, when given, is a valid field value written as it is.
    func formDataPart(name: String, fileName: String?, contentType: String?, body: RequestBody) -> MultipartPart {
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
