import Wireform
import WireformMultipart

/// The command line's multipart body as a format: the parameters' fields, flattened by the query style as the JSON
/// text is read (no tree), then the `--field` and `--file` parts in command-line order, as a streamed body.
///
/// The registered ``WireformMultipart/MultipartFormDataSerializer`` returns its body in memory, a second copy of
/// every field; this format returns ``WireformMultipart/MultipartForm/serializedBody``, which writes the stored
/// fields as the body is read, so a form of millions of fields is held once.
struct CommandLineMultipartFormat: EventBodySerializer {
    /// The boundary: `--boundary`, or a random one for each body.
    let boundary: MultipartBoundary
    /// How the parameters' fields are named.
    let queryStyle: any QueryStyle
    /// The `--field` and `--file` parts, appended after the parameters' fields.
    let parts: [FormPartSpec]

    /// `multipart/form-data`.
    var mediaType: MediaType { .multipartFormData }

    /// The body for parameters given as a tree.
    /// - Throws: ``Wireform/SerializationError`` from the query style, the parts or the form's validation.
    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        var form = MultipartForm(boundary: boundary)
        try form.append(parameters: parameters, queryStyle: queryStyle)
        return try finish(&form)
    }

    /// The body for parameters whose events `send` sends (the JSON text reader).
    /// - Throws: What the source throws, and ``Wireform/SerializationError`` from the query style, the parts or the
    ///   form's validation.
    func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody {
        var form = MultipartForm(boundary: boundary)
        try form.append(events: send, queryStyle: queryStyle)
        return try finish(&form)
    }

    /// Appends the command line's parts, validates the form and returns its streamed body.
    private func finish(_ form: inout MultipartForm) throws -> SerializedBody {
        try form.append(commandLineParts: parts)
        // With --boundary, a field that holds the delimiter fails here, before any output is opened or written.
        try form.validate()
        return form.serializedBody
    }
}
