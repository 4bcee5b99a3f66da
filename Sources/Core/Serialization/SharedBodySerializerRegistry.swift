/// A ``BodySerializerRegistry`` that many tasks can read and change at once.
///
/// Most apps configure a ``BodySerializerRegistry`` value once and pass it around; use this class when formats
/// are registered while requests are being built on other threads (plugins loaded at run time, for example).
/// Every call sees a consistent registry; ``snapshot`` hands out a value copy for a ``RequestSerializer``.
///
/// ```swift
/// let shared = SharedBodySerializerRegistry()
/// shared.register(.json)                     // from any task
/// let serializer = try shared.serializer(for: .json)
/// ```
package final class SharedBodySerializerRegistry: Sendable {
    private let registry: Lock<BodySerializerRegistry>

    /// Creates a shared registry.
    /// - Parameter registry: The formats to start with.
    package init(_ registry: BodySerializerRegistry = BodySerializerRegistry()) {
        self.registry = Lock(registry)
    }

    /// Registers a serializer under its own media type, replacing any serializer already there.
    /// - Parameter serializer: The serializer.
    package func register(_ serializer: some BodySerializer) {
        registry.withLock { $0.register(serializer) }
    }

    /// Registers a serializer under another media type as well.
    /// - Parameters:
    ///   - serializer: The serializer.
    ///   - mediaType: The media type.
    package func register(_ serializer: some BodySerializer, for mediaType: MediaType) {
        registry.withLock { $0.register(serializer, for: mediaType) }
    }

    /// Removes the serializer registered under a media type.
    /// - Parameter mediaType: The media type.
    /// - Returns: The serializer that was removed, if any.
    @discardableResult
    package func removeSerializer(for mediaType: MediaType) -> (any BodySerializer)? {
        registry.withLock { $0.removeSerializer(for: mediaType) }
    }

    /// The serializer for a media type, with the same rules as ``BodySerializerRegistry/serializer(for:)``.
    /// - Parameter mediaType: The media type.
    /// - Returns: The serializer.
    /// - Throws: ``SerializationError/Code/noSerializerRegistered``.
    package func serializer(for mediaType: MediaType) throws(SerializationError) -> any BodySerializer {
        let current = snapshot
        return try current.serializer(for: mediaType)
    }

    /// A copy of the registry as it is now.
    package var snapshot: BodySerializerRegistry { registry.withLock { $0 } }
}
