public import Foundation
public import Wireform

extension MultipartForm {
    /// Appends a text field: `Content-Disposition: form-data; name="…"` and the text as UTF-8.
    /// - Parameters:
    ///   - text: The value.
    ///   - name: The field name, escaped the way browsers do (`"` → `%22`, CR → `%0D`, LF → `%0A`).
    public mutating func append(_ text: String, name: String) {
        append(formDataPart(name: name, fileName: nil, mimeType: nil, fallback: nil, content: .text(text)))
    }

    /// Appends bytes, as a plain field or, with a file name, as a file.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - mimeType: The `Content-Type`; by default derived from the file name's extension when there is one,
    ///     otherwise omitted.
    public mutating func append(_ data: Data, name: String, fileName: String? = nil, mimeType: MediaType? = nil) {
        append(formDataPart(name: name, fileName: fileName, mimeType: mimeType, fallback: nil, content: .data(data)))
    }

    /// Appends bytes, as a plain field or, with a file name, as a file.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - mimeType: The `Content-Type`; by default derived from the file name's extension when there is one.
    public mutating func append(_ bytes: [UInt8], name: String, fileName: String? = nil, mimeType: MediaType? = nil) {
        append(formDataPart(name: name, fileName: fileName, mimeType: mimeType, fallback: nil, content: .bytes(bytes)))
    }

    /// Appends a file, streamed from disk each time the body is produced.
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
        let content = try MultipartContent.file(at: url)
        let fileName = fileName ?? url.lastPathComponent
        append(
            formDataPart(name: name, fileName: fileName, mimeType: mimeType, fallback: .octetStream, content: content))
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
        let content = MultipartContent.stream(length: length, makeStream: makeStream)
        append(
            formDataPart(name: name, fileName: fileName, mimeType: mimeType, fallback: .octetStream, content: content))
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
        let content = MultipartContent.chunks(length: length, makeChunks: makeChunks)
        append(
            formDataPart(name: name, fileName: fileName, mimeType: mimeType, fallback: .octetStream, content: content))
    }

    /// Appends a part with header fields of your own, such as for `multipart/mixed` or `multipart/related`.
    ///
    /// `Content-Disposition` and `Content-Type`, when present, are written first; the other fields follow in order.
    /// - Parameters:
    ///   - headers: The header fields.
    ///   - content: The content.
    public mutating func append(headers: HTTPHeaders, content: MultipartContent) {
        append(MultipartPart(headers: headers, content: content))
    }

    /// Appends a part with header fields given as strings, validating each one.
    /// - Parameters:
    ///   - headerFields: Names and values, in order.
    ///   - content: The content.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeaderName`` or
    ///   ``Wireform/SerializationError/Code/invalidHeaderValue`` (a value with CR or LF, for example).
    public mutating func append(
        headerFields: KeyValuePairs<String, String>,
        content: MultipartContent
    ) throws(SerializationError) {
        append(headers: try HTTPHeaders(validating: headerFields.map { ($0.key, $0.value) }), content: content)
    }

    /// A `form-data` part; the `Content-Type` is `mimeType`, else derived from the file name, else `fallback`.
    func formDataPart(
        name: String,
        fileName: String?,
        mimeType: MediaType?,
        fallback: MediaType?,
        content: MultipartContent
    ) -> MultipartPart {
        var headers = HTTPHeaders()
        let disposition = MultipartHeaderEscaping.formDataDisposition(name: name, fileName: fileName)
        // Escaping leaves no control byte and the value starts and ends with a letter or quote: always valid.
        headers.addValue(trusted: disposition, for: .contentDisposition)
        if let type = mimeType ?? fileName.map(MIMETypes.mediaType(forFileName:)) ?? fallback {
            // A media type's text is tokens and quoted strings: always a valid field value.
            headers.addValue(trusted: type.description, for: .contentType)
        }
        return MultipartPart(headers: headers, content: content, name: name)
    }
}
