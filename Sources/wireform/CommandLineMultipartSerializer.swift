import Foundation
import Wireform
import WireformMultipart

/// One `--field` or `--file` argument, in command-line order.
enum FormPartSpec: Sendable, Equatable {
    /// `--field NAME=VALUE`.
    case field(name: String, value: String)
    /// `--file NAME=@PATH[;filename=NAME][;type=MIME]`.
    case file(FilePartSpec)
}

/// The tool's `multipart/form-data` format: a ``Wireform/BodySerializer`` registered through the public registry API,
/// exactly as a third-party format would be.
///
/// It builds a `MultipartForm` from the parameters (flattened by the query style), then the `--field` and `--file`
/// parts in command-line order, and returns the form's streamed body: files are read from disk in chunks each time
/// the body is produced, and the exact `Content-Length` is known up front.
struct CommandLineMultipartSerializer: BodySerializer {
    /// How nested parameters are named.
    let queryStyle: any QueryStyle
    /// The boundary: `--boundary`, or random.
    let boundary: any MultipartBoundaryGenerator
    /// The `--field` and `--file` parts, after the parameters.
    let parts: [FormPartSpec]

    var mediaType: MediaType { .multipartFormData }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        var form = try MultipartForm(parameters: parameters, queryStyle: queryStyle, boundary: boundary)
        for part in parts {
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
        return form.serializedBody
    }

    /// An empty form (only the closing delimiter), so that `--format multipart` without parameters still sends a
    /// well-formed multipart body.
    var bodyWithoutParameters: SerializedBody? { try? serialize(.dictionary([:])) }
}
