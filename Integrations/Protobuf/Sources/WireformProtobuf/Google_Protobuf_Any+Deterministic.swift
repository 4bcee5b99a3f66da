public import SwiftProtobuf

extension Google_Protobuf_Any {
    /// Packs a message into an `Any` with its bytes written now, in deterministic order, so that the `Any` gives the
    /// same bytes on every run.
    ///
    /// swift-protobuf 1.39's `Google_Protobuf_Any(message:)` keeps the message and writes it only when the `Any` is
    /// serialized, without the deterministic ordering the outer message is written with: a packed message with a map
    /// (a `google.protobuf.Struct`, for one) then has its entries in `Dictionary` order, which changes from process
    /// to process. Pack with this initializer when the bytes must be stable (signatures, caches, tests):
    ///
    /// ```swift
    /// let any = try Google_Protobuf_Any(deterministicallyPacking: Google_Protobuf_Struct(parameters: ["id": 7]))
    /// let request = try serializer.serializedRequest(method: .post, url: url, body: any, format: .protobuf)
    /// ```
    /// - Parameters:
    ///   - message: The message to pack.
    ///   - typePrefix: The prefix of the `type_url`, `type.googleapis.com` by default.
    /// - Throws: swift-protobuf's `BinaryEncodingError.missingRequiredFields` for a proto2 message missing a required
    ///   field.
    public init(
        deterministicallyPacking message: any Message,
        typePrefix: String = "type.googleapis.com"
    ) throws {
        try self.init(message: message, typePrefix: typePrefix)
        var options = BinaryEncodingOptions()
        options.useDeterministicOrdering = true
        value = try message.serializedBytes(options: options)
    }
}
