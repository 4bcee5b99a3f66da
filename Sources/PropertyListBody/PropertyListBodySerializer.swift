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
/// Both formats are written straight from the parameter tree, without `PropertyListSerialization` (whose OpenStep
/// writer traps on Linux). Both use the one `Content-Type`, `application/x-plist`; `application/x-bplist` is not a
/// registered or widely understood type, so the body's first bytes (`<?xml` or `bplist00`) tell the formats apart.
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
    ///   - keyOrdering: The order of dictionary keys.
    public init(format: Format = .xml, keyOrdering: KeyOrdering = .sorted) {
        self.format = format
        self.keyOrdering = keyOrdering
    }

    /// `application/x-plist`, for both formats.
    public var mediaType: MediaType { .propertyList }

    /// Serializes a parameter tree.
    /// - Parameters:
    ///   - parameters: Any value except null; the root of a property list may be a scalar.
    ///   - context: The request's serialization settings (property lists do not use them).
    /// - Returns: The property list body.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        SerializedBody(contentType: .propertyList, bytes: try propertyListBytes(for: parameters))
    }

    /// The property list for a parameter tree, in `format`.
    /// - Parameter parameters: Any value except null.
    /// - Returns: The property list bytes.
    /// - Throws: ``Wireform/SerializationError`` as described on the type.
    package func propertyListBytes(for parameters: ParameterValue) throws(SerializationError) -> [UInt8] {
        do {
            switch format.base {
            case .xml:
                var writer = XMLPropertyListWriter(keyOrdering: keyOrdering)
                try writer.writeDocument(parameters)
                return writer.bytes
            case .binary:
                var writer = BinaryPropertyListWriter(keyOrdering: keyOrdering)
                try writer.writeDocument(parameters)
                return writer.bytes
            }
        } catch {
            throw error.serializationError(format: format)
        }
    }

    /// Serializes an `Encodable` value with a `PropertyListEncoder` set to `format`.
    /// - Parameters:
    ///   - value: The value.
    ///   - context: The request's serialization settings (property lists do not use them).
    /// - Returns: The property list body.
    /// - Throws: ``Wireform/SerializationError/Code/serializerFailed`` naming the coding path when the encoder fails.
    public func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        let encoder = PropertyListEncoder()
        switch format.base {
        case .xml: encoder.outputFormat = .xml
        case .binary: encoder.outputFormat = .binary
        }
        do {
            return SerializedBody(contentType: .propertyList, bytes: [UInt8](try encoder.encode(value)))
        } catch {
            throw EncodingFailure.serializationError(for: error)
        }
    }
}
