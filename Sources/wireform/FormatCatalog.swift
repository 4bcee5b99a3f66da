import Wireform
import WireformFormURLEncoded
import WireformJSONBody
import WireformMultipart
import WireformPropertyListBody

/// The body formats the tool registers, each through the same public API an app would use.
///
/// Every format is registered, so `--content-type` can reach any of them through the registry; `--format` only picks
/// which media type a request without a `Content-Type` gets. `plist` and `plist-binary` share `application/x-plist`:
/// `--format plist-binary` registers the binary writer under it.
enum FormatCatalog {
    /// The registry for a command line: every format, configured by its options.
    static func registry(for options: Options, queryStyle: StandardQueryStyle) -> BodySerializerRegistry {
        var registry = BodySerializerRegistry()
        registry.register(.formURLEncoded(queryStyle: queryStyle))
        var jsonOptions: JSONWritingOptions = [.fragmentsAllowed]
        if options.keyOrder == .sorted { jsonOptions.insert(.sortedKeys) }
        registry.register(.json(options: jsonOptions))
        registry.register(
            .propertyList(
                format: options.format == .plistBinary ? .binary : .xml,
                keyOrdering: options.keyOrder == .sorted ? .sorted : .insertion
            )
        )
        // Parameters alone (`-t multipart/form-data -p …`) could go through it; `RequestBuilder` builds every
        // multipart body itself as a `MultipartForm`, with the `--field` and `--file` parts, and finds it here only
        // to know that the request's media type means multipart.
        registry.register(
            .multipartFormData(queryStyle: queryStyle, boundary: options.boundary.map { .constant($0) } ?? .random))
        return registry
    }

    /// The media type of a `--format` name.
    static func mediaType(of format: BodyFormat) -> MediaType {
        switch format {
        case .form: return .formURLEncoded
        case .json: return .json
        case .plist, .plistBinary: return .propertyList
        case .multipart: return .multipartFormData
        }
    }
}
