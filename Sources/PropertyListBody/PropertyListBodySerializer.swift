public import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Serializes parameters, or an `Encodable` value, as an `application/x-plist` body: an XML property list by
/// default, or a binary one.
///
/// ```swift
/// var registry = BodySerializerRegistry()
/// registry.register(.propertyList)  // XML
/// // or binary:
/// registry.register(.propertyList(format: .binary))
/// ```
///
/// Each format has one writer, fed the same events by a parameter tree and by an `Encodable` value, without
/// `PropertyListSerialization` or `PropertyListEncoder`: an `Encodable` value gives the bytes of the tree it encodes
/// to, its properties in the key ordering too (nil optional properties are left out; an explicit nil is an error).
/// Both formats use the one `Content-Type`, `application/x-plist`; `application/x-bplist` is not a registered or
/// widely understood type, so the body's first bytes (`<?xml` or `bplist00`) tell the formats apart.
///
/// Values map to property list types as follows:
/// - strings → `string`; integers → `integer`; floating-point values and decimals → `real`; booleans →
///   `true`/`false`;
/// - dates → `date` (an XML property list stores whole seconds: the fraction is dropped, as Apple's writer does;
///   the binary format keeps it);
/// - data → `data`; arrays → `array`; sets → `array` of their distinct members, sorted; dictionaries → `dict`
///   with keys sorted by UTF-8 bytes (or in insertion order with ``Wireform/KeyOrdering/insertion``).
///
/// Null, non-finite numbers, integers wider than 64 bits and nesting deeper than 128 levels are thrown as
/// ``Wireform/SerializationError`` naming the key path; so is text with a character that XML 1.0 cannot hold
/// (U+0000 to U+001F other than tab, newline and carriage return, U+FFFE and U+FFFF) in the XML format, and, in the
/// binary format, a decimal that its real (a 64-bit double) cannot hold as written: more digits than a `Double`
/// keeps (`3.14159265358979323846`), or a whole number beyond the 64-bit integers (`12345678901234567890123`,
/// 2^64). A number is written with the caller's value or refused; it is never rounded.
///
/// https://developer.apple.com/library/archive/documentation/Cocoa/Conceptual/PropertyLists/
public struct PropertyListBodySerializer: BodySerializer {
    /// Which property list format is written.
    package var format: Format
    /// The order of dictionary keys: sorted by UTF-8 bytes by default, or insertion order.
    package var keyOrdering: KeyOrdering

    /// Creates a serializer.
    /// - Parameters:
    ///   - format: XML (the default) or binary.
    ///   - keyOrdering: The order of dictionary keys, and of an `Encodable` value's properties.
    public init(format: Format = .xml, keyOrdering: KeyOrdering = .sorted) {
        self.format = format
        self.keyOrdering = keyOrdering
    }

    /// `application/x-plist`, for both formats.
    public var mediaType: ContentType { .propertyList }

    /// Serializes a parameter tree.
    /// - Parameters:
    ///   - parameters: Any value except null; the root of a property list may be a scalar.
    ///   - context: The request's serialization settings (property lists do not use them).
    /// - Returns: The property list body.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        SerializedBody(contentType: .propertyList, body: MessageBody(data: try propertyListData(for: parameters)))
    }

    /// The property list for a parameter tree, in `format`: the tree's events, members in `keyOrdering`, into
    /// the format's writer.
    /// - Parameter parameters: Any value except null.
    /// - Returns: The property list bytes.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    package func propertyListBytes(for parameters: ParameterValue) throws(SerializationError) -> [UInt8] {
        Array(try propertyListData(for: parameters))
    }

    /// The property list for a parameter tree, in `format`, as `Data` that owns the writer's buffer.
    /// - Parameter parameters: Any value except null.
    /// - Returns: The property list bytes.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    private func propertyListData(for parameters: ParameterValue) throws(SerializationError) -> Data {
        switch format.base {
        case .xml: try propertyListData(for: parameters, writer: XMLPropertyListSink.self)
        case .binary: try propertyListData(for: parameters, writer: BinaryPropertyListSink.self)
        }
    }

    /// The property list for a parameter tree, written by one writer.
    private func propertyListData<Writer: PropertyListEventWriter & ~Copyable>(
        for parameters: ParameterValue,
        writer: Writer.Type
    ) throws(SerializationError) -> Data {
        var writer = Writer(keyOrdering: keyOrdering, membersArriveInOrder: true)
        do {
            try parameters.sendEvents(to: &writer, keyOrdering: keyOrdering)
        } catch {
            throw Self.serializationError(error)
        }
        return try writer.finish()
    }

    /// Serializes an `Encodable` value: ``Wireform/ValueEncoder`` sends it to the same writer as a tree, so keys
    /// follow ``keyOrdering`` here too.
    ///
    /// Nil optionals written with `encodeIfPresent` (the synthesized conformances' way) are left out, as
    /// `PropertyListEncoder` leaves them; an explicit nil (`encodeNil()`, a nil element of an array) is an error,
    /// since a property list has no null. A Swift `Set` is written as an array of its members in canonical order.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: The request's serialization settings: its
    ///     ``Wireform/BodySerializationContext/parameterEncoder``'s key, date, data and nil strategies apply, as they
    ///     do for every format.
    /// - Returns: The property list body.
    /// - Throws: ``Wireform/SerializationError`` naming the coding path: what a value cannot hold (as for a tree),
    ///   or what the value's own `encode(to:)` threw.
    public func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        try serialize(context: context) { box in
            try ValueEncoder(sink: box, options: context.parameterEncoder).encode(value)
        }
    }

    /// Any error of a source as a ``Wireform/SerializationError``: the writers and ``Wireform/ValueEncoder`` throw
    /// nothing else.
    static func serializationError(_ error: any Error) -> SerializationError {
        if let error = error as? SerializationError { return error }
        return SerializationError(
            .serializerFailed, "The value cannot be written as a property list: \(error)", underlyingError: error)
    }
}
