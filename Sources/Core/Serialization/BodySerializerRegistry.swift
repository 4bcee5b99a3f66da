/// A set of body serializers keyed by media type: the value you configure once and pass around.
///
/// Register the formats your app links; each format module offers its serializer as a static member:
///
/// ```swift
/// import Wireform
/// import WireformFormURLEncoded
/// import WireformJSONBody
///
/// var registry = BodySerializerRegistry()
/// registry.register(.formURLEncoded)
/// registry.register(.json)
/// let json = try registry.serializer(for: ContentType("application/vnd.api+json")!)  // the JSON serializer
/// ```
///
/// Lookup ignores parameters and case (`application/json; charset=utf-8` finds `application/json`). When no
/// serializer is registered for the exact type, a structured syntax suffix falls back to its base type:
/// `application/vnd.api+json` → `application/json`, `application/soap+xml` → `application/xml` (RFC 6839).
public struct BodySerializerRegistry: Sendable {
    private var serializers: [ContentType: any BodySerializer] = [:]

    /// Creates an empty registry.
    public init() {}

    /// Registers a serializer under its own ``BodySerializer/mediaType``, replacing any serializer already there.
    /// - Parameter serializer: The serializer.
    public mutating func register(_ serializer: some BodySerializer) {
        serializers[serializer.mediaType.essence] = serializer
    }

    /// The media types with a registered serializer, sorted.
    package var registeredMediaTypes: [ContentType] {
        serializers.keys.sorted { $0.description < $1.description }
    }

    /// Whether nothing is registered; cheaper than asking `registeredMediaTypes`, which sorts.
    var isEmpty: Bool { serializers.isEmpty }

    /// Whether a serializer would be found for a media type (exactly or through its suffix).
    /// - Parameter mediaType: The media type.
    /// - Returns: `true` when ``serializer(for:)`` would succeed.
    public func contains(_ mediaType: ContentType) -> Bool { lookUp(mediaType) != nil }

    /// The serializer for a media type, falling back from a structured suffix to its base type.
    /// - Parameter mediaType: The media type; parameters and case are ignored.
    /// - Returns: The serializer.
    /// - Throws: ``SerializationError/Code/noSerializerRegistered``, listing the registered types.
    public func serializer(for mediaType: ContentType) throws(SerializationError) -> any BodySerializer {
        if let serializer = lookUp(mediaType) { return serializer }
        let registered = registeredMediaTypes.map { "'\($0)'" }.joined(separator: ", ")
        throw SerializationError(
            .noSerializerRegistered,
            "No serializer registered for '\(mediaType.essence)'; registered: \(registered.isEmpty ? "none" : registered)"
        )
    }

    private func lookUp(_ mediaType: ContentType) -> (any BodySerializer)? {
        let essence = mediaType.essence
        if let serializer = serializers[essence] { return serializer }
        guard let suffix = essence.structuredSuffix, HTTPToken.isToken(suffix) else { return nil }
        if let serializer = serializers[ContentType(uncheckedType: essence.type, subtype: suffix)] { return serializer }
        return serializers[ContentType(uncheckedType: "application", subtype: suffix)]
    }
}
