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
    ///
    /// With `large` parameters each format is wrapped in a ``SplicedBodySerializer`` that streams the body group by
    /// group, and the multipart boundary is chosen once so that every group uses it.
    /// - Throws: ``Wireform/SerializationError/Code/invalidPart`` for a `--boundary` that breaks RFC 2046.
    static func registry(
        for options: Options,
        queryStyle: StandardQueryStyle,
        large: LargeParameters? = nil
    ) throws(SerializationError) -> BodySerializerRegistry {
        var registry = BodySerializerRegistry()
        func register(
            _ serializer: some BodySerializer,
            _ rule: SpliceRule,
            groups: (any BodySerializer)? = nil
        ) {
            if let large {
                var spliced = SplicedBodySerializer(
                    inner: groups ?? serializer, rule: rule, source: large, sortsKeys: options.keyOrder == .sorted)
                if groups != nil { spliced.trailer = serializer }
                registry.register(spliced)
            } else {
                registry.register(serializer)
            }
        }
        register(FormURLEncodedSerializer.formURLEncoded(queryStyle: queryStyle), .form)
        var jsonOptions: JSONWritingOptions = [.fragmentsAllowed]
        if options.keyOrder == .sorted { jsonOptions.insert(.sortedKeys) }
        register(JSONBodySerializer.json(options: jsonOptions), .json)
        register(
            PropertyListBodySerializer.propertyList(
                format: options.format == .plistBinary ? .binary : .xml,
                keyOrdering: options.keyOrder == .sorted ? .sorted : .insertion
            ),
            options.format == .plistBinary ? .binaryPropertyList : .xmlPropertyList
        )
        let boundary =
            large == nil ? options.boundary : options.boundary ?? MultipartBoundary.random.make()
        let multipart = MultipartFormDataSerializer.multipartFormData(
            queryStyle: queryStyle, boundary: try boundary.map(MultipartBoundary.constant) ?? .random)
        if large != nil {
            // Groups of parameters through the library's multipart format, then the `--field` and `--file` parts.
            register(
                FormPartsSerializer(options: options, boundary: boundary ?? ""),
                .multipart(boundary: boundary ?? ""),
                groups: multipart
            )
        } else {
            // Parameters alone (`-t multipart/form-data -p …`) could go through it; `RequestBuilder` builds every
            // multipart body itself as a `MultipartForm`, with the `--field` and `--file` parts, and finds it here
            // only to know that the request's media type means multipart.
            registry.register(multipart)
        }
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
