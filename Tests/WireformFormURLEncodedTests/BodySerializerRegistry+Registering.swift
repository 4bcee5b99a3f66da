import Wireform

extension BodySerializerRegistry {
    /// A registry with these serializers, each registered through the public ``register(_:)`` in order (a later one
    /// replaces an earlier one of the same type): a shorthand for the tests' set-ups.
    /// - Parameter serializers: The serializers to register.
    init(_ serializers: [any BodySerializer]) {
        self.init()
        for serializer in serializers { register(serializer) }
    }
}
