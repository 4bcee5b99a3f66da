public import Wireform

extension BodySerializer where Self == PropertyListBodySerializer {
    /// The XML property list format with sorted keys.
    public static var propertyList: Self { PropertyListBodySerializer() }

    /// The property list format, configured.
    /// - Parameters:
    ///   - format: XML or binary.
    ///   - keyOrdering: The order of dictionary keys.
    /// - Returns: The serializer.
    public static func propertyList(
        format: PropertyListBodySerializer.Format,
        keyOrdering: KeyOrdering = .sorted
    ) -> Self {
        PropertyListBodySerializer(format: format, keyOrdering: keyOrdering)
    }
}
