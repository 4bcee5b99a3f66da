public import Wireform

extension ContentType {
    /// `application/protobuf`: a message in the protobuf binary wire format, the type the protobuf project
    /// registered with IANA.
    ///
    /// https://www.iana.org/assignments/media-types/application/protobuf
    public static let protobuf = ContentType("application/protobuf")!

    /// `application/protobuf+json`: a message in the protobuf JSON mapping.
    ///
    /// Its structured syntax suffix is `+json`, so a registry without ``ProtobufJSONBodySerializer`` falls back to
    /// the plain JSON serializer for it; register `.protobufJSON` to write the JSON mapping instead.
    ///
    /// https://protobuf.dev/programming-guides/json/
    public static let protobufJSON = ContentType("application/protobuf+json")!

    /// `application/x-protobuf`, the most common unregistered name for the binary format.
    public static let xProtobuf = ContentType("application/x-protobuf")!

    /// `application/vnd.google.protobuf`, a vendor name for the binary format.
    public static let vndGoogleProtobuf = ContentType("application/vnd.google.protobuf")!

    /// `application/x-protobuffer`, an older unregistered name for the binary format.
    public static let xProtobuffer = ContentType("application/x-protobuffer")!

    /// The other names servers use for the binary format: ``xProtobuf``, ``vndGoogleProtobuf`` and
    /// ``xProtobuffer``.
    ///
    /// Register a serializer under each one that sends that name as its `Content-Type`:
    ///
    /// ```swift
    /// for alias in ContentType.protobufAliases {
    ///     registry.register(.protobuf(mediaType: alias))
    /// }
    /// ```
    public static var protobufAliases: [ContentType] { [.xProtobuf, .vndGoogleProtobuf, .xProtobuffer] }
}
