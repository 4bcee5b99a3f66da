public import Wireform

// article code 2
extension BodySerializer where Self == ProtobufBodySerializer {
    /// The protobuf binary format under `application/protobuf`, with dates rejected.
    public static var protobuf: Self { ProtobufBodySerializer() }

    /// The protobuf binary format, configured.
    /// - Parameters:
    ///   - mediaType: The media type to register under and send, such as `.xProtobuf`.
    ///   - dateEncoding: How dates in a parameter tree are written.
    /// - Returns: The serializer.
    public static func protobuf(
        mediaType: ContentType = .protobuf,
        dateEncoding: ProtobufDateEncoding = .rejected
    ) -> Self {
        ProtobufBodySerializer(mediaType: mediaType, dateEncoding: dateEncoding)
    }
}
// end of article code

extension BodySerializer where Self == ProtobufJSONBodySerializer {
    /// The protobuf JSON mapping under `application/protobuf+json; charset=utf-8`, with dates rejected.
    public static var protobufJSON: Self { ProtobufJSONBodySerializer() }

    /// The protobuf JSON mapping, configured.
    /// - Parameters:
    ///   - options: How the JSON mapping is written.
    ///   - dateEncoding: How dates in a parameter tree are written.
    ///   - charset: The `charset` parameter of the `Content-Type`, or `nil` for none.
    /// - Returns: The serializer.
    public static func protobufJSON(
        options: ProtobufJSONOptions = [],
        dateEncoding: ProtobufDateEncoding = .rejected,
        charset: String? = "utf-8"
    ) -> Self {
        ProtobufJSONBodySerializer(options: options, dateEncoding: dateEncoding, charset: charset)
    }
}
