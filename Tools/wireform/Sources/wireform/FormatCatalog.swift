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
    /// - Parameters:
    ///   - queryStyle: The query style (with `--key-order`'s ordering, which JSON and property lists follow too).
    ///   - format: `--format`.
    ///   - boundary: `--boundary`.
    /// - Throws: ``Wireform/SerializationError/Code/invalidPart`` for a `--boundary` that breaks RFC 2046.
    static func registry(
        queryStyle: StandardQueryStyle, format: BodyFormat?, boundary: String?
    ) throws(SerializationError) -> BodySerializerRegistry {
        var registry = BodySerializerRegistry()
        registry.register(FormURLEncodedSerializer(queryStyle: queryStyle))
        var jsonOptions: JSONWritingOptions = [.fragmentsAllowed]
        if queryStyle.keyOrdering == .sorted { jsonOptions.insert(.sortedKeys) }
        registry.register(JSONBodySerializer(options: jsonOptions))
        registry.register(
            PropertyListBodySerializer(
                format: format == .plistBinary ? .binary : .xml,
                keyOrdering: queryStyle.keyOrdering
            )
        )
        // Registered so that `-t multipart/…` finds a format; `RequestBuilder` writes every multipart body as a
        // `MultipartForm` (the parameters' fields as the JSON text is read, then `--field` and `--file`), whose body
        // streams, where this serializer returns its body in memory.
        registry.register(
            MultipartFormDataSerializer(
                queryStyle: queryStyle, boundary: try boundary.map(MultipartBoundary.constant) ?? .random))
        return registry
    }

    /// The media type of a `--format` name.
    static func mediaType(of format: BodyFormat) -> ContentType {
        switch format {
        case .form: return .formURLEncoded
        case .json: return .json
        case .plist, .plistBinary: return .propertyList
        case .multipart: return .multipartFormData
        }
    }
}
