import Wireform

extension JSONEncodingSink {
    /// Whose bytes and errors the one JSON writer reproduces where Wireform's parameter trees and `JSONEncoder`
    /// differ: the one setting that a source chooses. Everything else (escaping, integers, decimals, ISO 8601 and
    /// millisecond dates, key order, indentation) is the same in both.
    ///
    /// | what | ``wireform`` | ``jsonEncoder`` |
    /// | --- | --- | --- |
    /// | floating-point numbers, seconds since 1970 | ``Wireform/ParameterNumber/description`` (`1e15` → `1000000000000000`) | `Double.description` without a trailing `.0` (`1e+15`) |
    /// | an empty container, pretty-printed | `{}`, `[]` | `{`, two newlines, `}` |
    /// | data | Base64 bytes, `/` never escaped | a Base64 string, escaped as strings are |
    /// | errors | ``Wireform/SerializationError`` naming the ``Wireform/ParameterPath`` | `EncodingError` with the coding path and `JSONEncoder`'s message |
    /// | nesting | at most ``Wireform/ParameterValue/maximumDepth`` (128) containers | no limit of the writer's: ``Wireform/ValueEncoder`` stops at 512 |
    /// | a top-level scalar | an error without ``JSONWritingOptions/fragmentsAllowed`` | written; ``JSONBodySerializer`` checks it, naming the value's type |
    enum Flavor {
        /// Wireform's own JSON: parameter trees, JSON text and any other event source.
        case wireform
        /// `JSONEncoder`'s bytes and errors: `Encodable` values sent by ``Wireform/ValueEncoder``.
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
