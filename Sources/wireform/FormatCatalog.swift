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
    /// - Throws: ``Wireform/SerializationError/Code/invalidPart`` for a `--boundary` that breaks RFC 2046.
    static func registry(
        for options: Options,
        queryStyle: StandardQueryStyle
    ) throws(SerializationError) -> BodySerializerRegistry {
        var registry = BodySerializerRegistry()
        registry.register(FormURLEncodedSerializer.formURLEncoded(queryStyle: queryStyle))
        var jsonOptions: JSONWritingOptions = [.fragmentsAllowed]
        if options.keyOrder == .sorted { jsonOptions.insert(.sortedKeys) }
        registry.register(JSONBodySerializer.json(options: jsonOptions))
        registry.register(
            PropertyListBodySerializer.propertyList(
                format: options.format == .plistBinary ? .binary : .xml,
                keyOrdering: options.keyOrder == .sorted ? .sorted : .insertion
            )
        )
        // Parameters alone go through it, with the library's multipart form, as a streamed body (the library's
        // `MultipartFormDataSerializer` returns its body in memory, a second copy of every field); with `--field`
        // or `--file`, `RequestBuilder` appends the parts too.
        registry.register(
            CommandLineMultipartFormat(
                boundary: try options.boundary.map(MultipartBoundary.constant) ?? .random, queryStyle: queryStyle,
                parts: []))
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
