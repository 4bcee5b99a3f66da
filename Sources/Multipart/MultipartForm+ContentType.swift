public import Foundation
public import Wireform

extension MultipartForm {
    /// Appends bytes as a part whose `Content-Type` is written exactly as you give it.
    ///
    /// The type need not parse as a media type (`image/x-custom`, `text/plain;charset=latin1`, a vendor's own
    /// spelling): like AFNetworking and Alamofire, Wireform sends what you wrote. Only a value that cannot be a
    /// header field value (CR, LF, NUL or another control character, or white space at either end) is refused.
    ///
    /// ```swift
    /// try form.append(Data(csv.utf8), name: "report", fileName: "r.csv", contentType: "text/csv; header=present")
    /// ```
    /// - Parameters:
    ///   - data: The bytes.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - contentType: The part's `Content-Type`, verbatim.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is not
    ///   a valid field value.
    public mutating func append(
        _ data: Data,
        name: String,
        fileName: String? = nil,
        contentType: String
    ) throws(SerializationError) {
        try append(RequestBody(data: data), name: name, fileName: fileName, contentType: contentType)
    }

    /// Appends bytes as a part whose `Content-Type` is written exactly as you give it.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil` for a plain field.
    ///   - contentType: The part's `Content-Type`, verbatim.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is not
    ///   a valid field value.
    public mutating func append(
        _ bytes: [UInt8],
        name: String,
        fileName: String? = nil,
        contentType: String
    ) throws(SerializationError) {
        try append(RequestBody(bytes: bytes), name: name, fileName: fileName, contentType: contentType)
    }

    /// Appends any body as a part whose `Content-Type` is written exactly as you give it.
    /// - Parameters:
    ///   - body: The part's body.
    ///   - name: The field name.
    ///   - fileName: The file name for `filename="…"`, or `nil`.
    ///   - contentType: The part's `Content-Type`, verbatim.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is not
    ///   a valid field value.
    public mutating func append(
        _ body: RequestBody,
        name: String,
        fileName: String? = nil,
        contentType: String
    ) throws(SerializationError) {
        try Self.checkPartContentType(contentType, name: name)
        append(formDataPart(name: name, fileName: fileName, contentType: contentType, body: body))
    }

    /// Appends a file, streamed from disk each time the body is produced, with a `Content-Type` written exactly as
    /// you give it.
    /// - Parameters:
    ///   - url: A file URL.
    ///   - name: The field name.
    ///   - fileName: The file name; by default the URL's last path component.
    ///   - contentType: The part's `Content-Type`, verbatim.
    /// - Throws: ``Wireform/SerializationError/Code/invalidHeader`` naming the part when `contentType` is not
    ///   a valid field value, and ``Wireform/SerializationError/Code/fileUnavailable`` as
    ///   ``append(fileAt:name:fileName:mimeType:)`` does.
    public mutating func append(
        fileAt url: URL,
        name: String,
        fileName: String? = nil,
        contentType: String
    ) throws(SerializationError) {
        try Self.checkPartContentType(contentType, name: name)
        let body = try RequestBody(fileAt: url)
        append(
            formDataPart(name: name, fileName: fileName ?? url.lastPathComponent, contentType: contentType, body: body))
    }

    /// Refuses a caller's part `Content-Type` that cannot be a field value.
    static func checkPartContentType(_ contentType: String, name: String) throws(SerializationError) {
        guard !HeaderFields.isValidValue(contentType) else { return }
        throw SerializationError(
            .invalidHeaderValue,
            "The Content-Type \(SerializationError.quoted(contentType)) of part \(SerializationError.quoted(name)) "
                + "is not a valid header field value (control characters, or white space at either end)"
        )
    }
}
