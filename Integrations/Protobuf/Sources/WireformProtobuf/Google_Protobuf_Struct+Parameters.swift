public import SwiftProtobuf
public import Wireform

extension Google_Protobuf_Struct {
    /// Converts a parameter tree to a `google.protobuf.Struct`, so that the dictionary a form or JSON body takes
    /// can be sent as protobuf.
    ///
    /// ```swift
    /// let message = try Google_Protobuf_Struct(parameters: ["name": "bang", "ids": [1, 2], "admin": true])
    /// // fields: admin → bool_value, ids → list_value [1, 2], name → string_value
    /// ```
    ///
    /// Strings, booleans and null map to their `Value` kinds; numbers to `number_value`, a double; arrays to
    /// `list_value`; sets to a `list_value` of their distinct members in Wireform's canonical order
    /// (``Wireform/ParameterValue/canonicalSetMembers(_:)``); dictionaries to `struct_value`. Dates follow
    /// `dateEncoding`. A `Struct` cannot hold the rest, and each is a ``Wireform/SerializationError`` naming the key
    /// path, never a silent approximation:
    /// - data (``Wireform/SerializationError/Code/unsupportedValue``): a `Struct` has no bytes value;
    /// - a date with ``ProtobufDateEncoding/rejected`` (the default), or one the encoding cannot write;
    /// - an integer beyond 2^53 in magnitude, which a double cannot hold exactly, and a decimal with more digits
    ///   than a double holds;
    /// - a number that is not finite, which the protobuf JSON mapping cannot write;
    /// - nesting deeper than 128 levels (the limit of Wireform's own formats)
    ///   (``Wireform/SerializationError/Code/unsupportedValue``);
    /// - a top-level value that is not a dictionary (``Wireform/SerializationError/Code/unsupportedValue``).
    /// - Parameters:
    ///   - parameters: A dictionary.
    ///   - dateEncoding: How dates are written; by default they are rejected.
    /// - Throws: ``Wireform/SerializationError`` as listed above.
    public init(
        parameters: ParameterValue,
        dateEncoding: ProtobufDateEncoding = .rejected
    ) throws(SerializationError) {
        guard case .dictionary(let dictionary) = parameters else {
            throw SerializationError(
                .unsupportedValue,
                "A protobuf Struct body must be a dictionary, not \(parameters.kindName)"
            )
        }
        var conversion = StructConversion(dateEncoding: dateEncoding)
        self = try conversion.makeStruct(dictionary, depth: 1)
    }
}
