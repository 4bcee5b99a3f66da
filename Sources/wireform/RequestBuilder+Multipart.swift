import Foundation
import Wireform
import WireformMultipart

extension RequestBuilder {
    /// The format the request's `Content-Type` (or `--format`) finds in the registry, by the same lookup as the
    /// request serializer's (so `multipart/vnd.acme+form-data` finds the multipart format).
    ///
    /// With `--field` or `--file`, a media type no format answers to is an error here, as it is for parameters;
    /// without them it is `nil`, and the request serializer decides (no parameters need no format).
    /// - Throws: ``Wireform/SerializationError`` for an invalid `Content-Type`, or one no format answers to.
    func bodyFormat(headers: HTTPHeaders, serializer: RequestSerializer) throws -> (any BodySerializer)? {
        let declared = try headers[.contentType].map { text throws(SerializationError) in
            try MediaType(validating: text)
        }
        let mediaType = declared ?? serializer.bodyMediaType
        guard options.formParts.isEmpty else { return try serializer.registry.serializer(for: mediaType) }
        return try? serializer.registry.serializer(for: mediaType)
    }

    /// The request with the command line's multipart form as its body.
    ///
    /// The form is a body built here, not by a registered format, so it goes through the entry point for ready
    /// bodies, which adds the same default headers, authorization, `Content-Type` and `Content-Length` as the
    /// registered formats get.
    /// - Throws: ``Wireform/SerializationError`` from the form or the request.
    func multipartRequest(
        method: HTTPMethod, url: String, headers: HTTPHeaders, serializer: RequestSerializer
    ) throws -> SerializedRequest {
        try serializer.serializedRequest(method: method, url: url, headers: headers, body: makeForm().serializedBody)
    }

    /// The multipart form a command line describes: the parameters (flattened by the query style), then the
    /// `--field` and `--file` parts in command-line order. Without either, it is an empty form (only the closing
    /// delimiter), so that `--format multipart` without parameters still sends a well-formed multipart body.
    ///
    /// Files are read from disk in chunks each time the body is produced, and the exact `Content-Length` is known
    /// up front.
    /// - Throws: ``Wireform/SerializationError`` for an invalid boundary, parameters the query style cannot name,
    ///   an unreadable file or an invalid `type=`.
    func makeForm() throws -> MultipartForm {
        var form = try MultipartForm(
            parameters: parameters ?? .dictionary([:]),
            queryStyle: queryStyle,
            boundary: options.boundary.map { .constant($0) } ?? .random
        )
        for part in options.formParts {
            switch part {
            case .field(let name, let value):
                form.append(value, name: name)
            case .file(let spec):
                try form.append(
                    fileAt: URL(fileURLWithPath: spec.path),
                    name: spec.name,
                    fileName: spec.filename,
                    mimeType: try spec.contentType.map { text throws(SerializationError) in
                        try MediaType(validating: text)
                    }
                )
            }
        }
        return form
    }
}
