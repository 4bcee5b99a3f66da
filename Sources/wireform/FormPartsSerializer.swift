import Wireform
import WireformMultipart

/// The `--field` and `--file` parts of a command line as a multipart body with a fixed boundary, for the large
/// parameters path only: ``SplicedBodySerializer`` writes the parameters group by group with the library's
/// multipart format and ends the body with this one's parts and closing delimiter. It ignores the parameters it is
/// given (the stand-in tree is empty); every other multipart body is a `MultipartForm` built by `RequestBuilder`.
struct FormPartsSerializer: BodySerializer {
    let options: Options
    let boundary: String

    var mediaType: MediaType { .multipartFormData }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        try RequestBuilder(options: options, parameters: nil).makeForm(boundary: try .constant(boundary)).serializedBody
    }
}
