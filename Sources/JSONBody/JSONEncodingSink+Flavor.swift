import Wireform

extension JSONEncodingSink {
    /// How the one JSON writer reports a failure and how deep it lets a value nest: the one setting a source
    /// chooses. The bytes never depend on it (``JSONWritingOptions/jsonEncoderCompatible`` chooses those).
    ///
    /// | what | ``wireform`` | ``jsonEncoder`` |
    /// | --- | --- | --- |
    /// | errors | ``Wireform/SerializationError`` naming the ``Wireform/ParameterPath`` | `EncodingError` with the coding path and `JSONEncoder`'s message |
    /// | nesting | at most ``Wireform/ParameterValue/maximumDepth`` (128) containers | no limit of the writer's: ``Wireform/ValueEncoder`` stops at 512 |
    /// | a top-level scalar | an error without ``JSONWritingOptions/fragmentsAllowed`` | written; ``JSONBodySerializer`` checks it, naming the value's type |
    /// | keys that are the same | the same UTF-8 bytes, as in a ``Wireform/ParameterDictionary`` | equal `String`s, as in `JSONEncoder` |
    enum Flavor {
        /// Parameter trees, JSON text and any other event source.
        case wireform
        /// `Encodable` values sent by ``Wireform/ValueEncoder``.
        case jsonEncoder

        /// The deepest nesting the writer accepts.
        var maximumDepth: Int {
            switch self {
            case .wireform: ParameterValue.maximumDepth
            case .jsonEncoder: Int.max
            }
        }
    }
}
