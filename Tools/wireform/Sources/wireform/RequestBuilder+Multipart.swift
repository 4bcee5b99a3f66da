import Foundation
import Wireform
import WireformMultipart

extension RequestBuilder {
    /// The format the request's body will be written with, in the request serializer's order: `--format` when
    /// given (chosen explicitly), then the format registered for the request's `Content-Type` (exactly or by its
    /// `+suffix`), then form. `multipart/vnd.acme+form-data` finds the multipart format.
    ///
    /// `-t TYPE` picks the format through the registry, so a type no format answers to is an error; a
    /// `Content-Type` given with `-H` is sent as it is and need not name a format. `--field` and `--file` make a
    /// multipart body, so with them a `Content-Type` that is not multipart is a usage error.
    /// - Throws: ``Wireform/SerializationError`` for a `-t` type no format answers to; ``UsageError`` for parts
    ///   under a type that is not multipart.
    func bodyFormat(headers: HeaderFields, serializer: RequestSerializer) throws -> (any BodySerializer)? {
        let declared = headers[.contentType].flatMap { ContentType($0) }
        if !arguments.contentType.isEmpty {
            return try serializer.registry.serializer(for: declared ?? serializer.bodyMediaType)
        }
        if arguments.hasParts, let text = headers[.contentType], declared?.type != "multipart" {
            throw UsageError(
                "'--field' and '--file' make a multipart body, but the request's Content-Type is \(quoted(text))")
        }
        // `-f` chose the format explicitly: it wins over the caller's type, which is still sent as written.
        if arguments.format.isEmpty, let declared, serializer.registry.contains(declared) {
            return try serializer.registry.serializer(for: declared)
        }
        return try? serializer.registry.serializer(for: serializer.bodyMediaType)
    }

    /// The request with the command line's multipart form as its body (``makeForm()``), through the entry point for
    /// ready bodies, which adds the same default headers, authorization, `Content-Type` and `Content-Length` as the
    /// registered formats get.
    /// - Throws: ``Wireform/SerializationError`` from the parameters, the form or the request.
    func multipartRequest(
        method: RequestMethod, url: String, headers: HeaderFields, serializer: RequestSerializer
    ) throws -> SerializedRequest {
        try serializer.serializedRequest(method: method, url: url, headers: headers, body: makeForm().serializedBody)
    }

    /// The multipart form a command line describes: the parameters (flattened by the query style as the JSON text
    /// is read, with no tree), then the `--field` and `--file` parts in command-line order. Without either, it is an
    /// empty form (only the closing delimiter), so that `--format multipart` without parameters still sends a
    /// well-formed multipart body.
    ///
    /// Files are read from disk in chunks each time the body is produced, and the exact `Content-Length` is known
    /// up front.
    /// - Throws: ``Wireform/SerializationError`` for an invalid boundary, parameters the query style cannot name,
    ///   an unreadable file, a `type=` that cannot be a header value, or
    ///   (with a constant boundary) content that holds the delimiter.
    func makeForm() throws -> MultipartForm {
        var form = MultipartForm(boundary: try arguments.boundary.first.map(MultipartBoundary.constant) ?? .random)
        if let parameters { try form.append(json: parameters, queryStyle: queryStyle) }
        try form.append(commandLineParts: arguments.parts)
        // With --boundary, a field that holds the delimiter fails here, before any output is opened or written.
        try form.validate()
        return form
    }
}

extension MultipartForm {
    /// Appends the `--field` and `--file` parts in command-line order.
    /// - Throws: ``Wireform/SerializationError`` for an unreadable file or a `type=` that cannot be a header value.
    mutating func append(commandLineParts parts: [FormPartSpec]) throws {
        for part in parts {
            switch part {
            case .field(let name, let value):
                append(value, name: name)
            case .file(let spec):
                let (url, fileName) = try PartFile.location(of: spec)
                // `;type=` is the caller's own text, sent as written when it can be a header value.
                try append(
                    fileAt: url, name: spec.name, fileName: fileName,
                    contentType: spec.contentType.map { .verbatim($0) })
            }
        }
    }
}
