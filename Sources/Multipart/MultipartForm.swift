public import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A multipart body under construction: text fields, bytes, files and any ``Wireform/MessageBody``, encoded with an
/// exact length.
///
/// ```swift
/// var form = MultipartForm()
/// form.append("bang", name: "user[name]")
/// try form.append(fileAt: URL(filePath: "/tmp/avatar.png"), name: "avatar")
/// let body = form.serializedBody    // multipart/form-data; boundary=wireform-…, streamed from disk
/// ```
///
/// The ``serializedBody`` carries the `Content-Type` with its boundary and a ``Wireform/MessageBody`` whose length
/// is the exact `Content-Length`; its body can be read as an async sequence of large chunks (`body.chunks()`) or as
/// an `InputStream` (`body.makeInputStream()`), as many times as needed. Small forms come out in memory with
/// ``encodedBytes()``.
///
/// https://www.rfc-editor.org/rfc/rfc7578
public struct MultipartForm: Sendable {
    /// The boundary between parts.
    let boundary: String
    /// The multipart subtype (`form-data` by default).
    let subtype: MultipartSubtype
    /// The parts, in order (fields made from parameters are made into parts when this is read).
    var parts: [MultipartPart] { (0..<store.count).map { store.part(at: $0) } }
    /// The parts, with fields made from parameters stored compactly.
    private(set) var store = MultipartPartStore()
    /// The delimiter no part may hold, when the boundary could be known to whoever supplies part contents (a
    /// constant); `nil` for a random boundary, whose 128 bits content cannot guess.
    let checkedDelimiter: MultipartDelimiter?
    /// With a checked delimiter, the first part whose header section or in-memory content holds it, found when the
    /// part was appended; every way of producing the body throws it before the first byte.
    private(set) var delimiterViolation: SerializationError?

    /// Creates an empty form.
    ///
    /// With a ``MultipartBoundary/constant(_:)`` boundary, no part may hold the delimiter `CRLF--boundary` in its
    /// headers or content, since a reader would end the part there: header fields and in-memory parts are checked
    /// when they are appended (the body throws what was found before its first byte)
    /// and streamed parts as they stream, and either way the error is
    /// ``Wireform/SerializationError/Code/invalidPart`` naming the part.
    /// - Parameters:
    ///   - subtype: The multipart subtype; `form-data` by default.
    ///   - boundary: The boundary; ``MultipartBoundary/random`` unless you pin one for tests.
    public init(subtype: MultipartSubtype = .formData, boundary: MultipartBoundary = .random) {
        let made = boundary.make()
        self.boundary = made
        self.subtype = subtype
        checkedDelimiter = boundary.isRandom ? nil : MultipartDelimiter(boundary: made)
    }

    /// The media type for `Content-Type`: `multipart/form-data; boundary=…` (and `type=…` for `related`).
    var contentType: ContentType {
        // The subtype's name is a validated token, so the media type always exists.
        var type = ContentType(type: "multipart", subtype: subtype.name) ?? .multipartFormData
        // The boundary was validated and the root type is a media type essence: neither has a control character.
        if let withBoundary = try? type.settingParameter("boundary", to: boundary) { type = withBoundary }
        if let rootType = subtype.rootType,
            let withType = try? type.settingParameter("type", to: rootType.description)
        {
            type = withType
        }
        return type
    }

    /// Whether any part comes from an async sequence, so the body can only be produced asynchronously.
    var isAsynchronous: Bool { store.keptParts.contains { !$0.body.supportsSynchronousReading } }

    /// Appends a part, searching its header fields and, when it is in memory, its content for the delimiter of a
    /// constant boundary.
    mutating func append(_ part: MultipartPart) {
        if let checkedDelimiter, delimiterViolation == nil {
            delimiterViolation = checkedDelimiter.violation(
                in: part, label: PartLabel(index: store.count, name: part.name))
        }
        store.append(part)
    }

    /// Appends fields made from parameters (see ``MultipartPartStore``), searching their values for the delimiter
    /// of a constant boundary.
    mutating func append(fields: QueryFields) {
        if let checkedDelimiter, delimiterViolation == nil {
            delimiterViolation = checkedDelimiter.violation(inValuesOf: fields, firstIndex: store.count)
        }
        store.append(fields)
    }

    /// Throws when the form cannot be produced as it stands, before any byte of it is written: with a
    /// ``MultipartBoundary/constant(_:)`` boundary, a part whose header fields or in-memory content hold the
    /// delimiter `CRLF--boundary`.
    ///
    /// Producing the body (``serializedBody``, ``encodedBytes()``) throws the same error before its first byte, so
    /// calling it is optional; call it to fail early, before a request is sent or an output file is opened.
    /// Streamed parts (files, streams, async sequences) are searched as they stream.
    /// - Throws: ``Wireform/SerializationError/Code/invalidPart`` naming the part.
    public func validate() throws(SerializationError) {
        if let delimiterViolation { throw delimiterViolation }
    }

    /// The exact size of the body, boundaries and headers included, when every part's size is known.
    var length: MessageBody.Length { MultipartLayout(form: self).length }

    /// The body, produced fresh each time it is read: synchronously (`InputStream`) unless a part is an async
    /// sequence, and always as `chunks()`.
    var body: MessageBody {
        let layout = MultipartLayout(form: self)
        let body =
            isAsynchronous
            ? MessageBody(length: layout.length) { MultipartChunks(layout: layout) }
            : MessageBody(length: layout.length) { MultipartBodyReader(layout: layout) }
        return body.inheritingReplayability(from: store.keptParts.map(\.body))
    }

    /// The body with its `Content-Type` (`multipart/form-data; boundary=…`, and `type=…` for `related`), for
    /// ``Wireform/RequestSerializer/serializedRequest(method:url:headers:query:body:)`` or any HTTP client.
    ///
    /// The body is produced fresh each time it is read, as `chunks()` and, unless a part is an async sequence,
    /// synchronously (`makeInputStream()`, `makeReader()`); its length is the exact `Content-Length` when every
    /// part's size is known. Files are never loaded into memory.
    public var serializedBody: SerializedBody { SerializedBody(contentType: contentType, body: body) }

    /// The whole body in memory: sized first, then filled into one buffer.
    ///
    /// Files and streams are read in full, with their lengths enforced. Use it for small forms; stream large ones.
    /// - Returns: The body bytes.
    /// - Throws: ``Wireform/SerializationError`` when a part cannot be produced in full,
    ///   ``Wireform/SerializationError/Code/invalidPart`` when a part holds the delimiter of a constant boundary, or
    ///   ``Wireform/SerializationError/Code/unsupportedBody`` when a part is an async sequence (use
    ///   `serializedBody.body.collect(upTo:)`).
    public func encodedBytes() throws -> [UInt8] {
        try MultipartLayout(form: self).encodedBytes()
    }
}
