package import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension PropertyListBodySerializer: EventBodySerializer {
    /// Serializes the value whose events `send` sends (an `Encodable` value, JSON text, a tree), in `format`.
    /// - Parameters:
    ///   - context: The request's serialization settings (property lists do not use them).
    ///   - send: Sends one value's events.
    /// - Returns: The property list body.
    /// - Throws: What the source throws, or ``Wireform/SerializationError`` as described on the type.
    package func serialize(
        context: BodySerializationContext,
        events send: (any EncodingSinkBox) throws -> Void
    ) throws -> SerializedBody {
        let bytes: Data
        switch format.base {
        case .xml:
            let box = XMLPropertyListSink.Box(keyOrdering: keyOrdering)
            try send(box)
            bytes = try box.sink.finish()
        case .binary:
            let box = BinaryPropertyListSink.Box(keyOrdering: keyOrdering)
            try send(box)
            bytes = try box.sink.finish()
        }
        return SerializedBody(contentType: .propertyList, body: MessageBody(data: bytes))
    }
}
