import Foundation
import SwiftProtobuf
import Testing
import Wireform
import WireformProtobuf

/// An `Any` packed with `deterministicallyPacking:` has its map entries sorted; one packed by swift-protobuf does not.
@Suite struct GoogleProtobufAnyDeterministicTests {
    private let message = Google_Protobuf_Struct(
        fields: Dictionary(uniqueKeysWithValues: (0..<40).map { ("key\($0)", Google_Protobuf_Value(numberValue: 1)) }))

    private var sortedBytes: [UInt8] {
        get throws {
            var options = BinaryEncodingOptions()
            options.useDeterministicOrdering = true
            return try message.serializedBytes(options: options)
        }
    }

    @Test func thePackedBytesAreTheMessagesDeterministicBytes() throws {
        let any = try Google_Protobuf_Any(deterministicallyPacking: message)
        #expect(any.typeURL == "type.googleapis.com/google.protobuf.Struct")
        #expect(Array(any.value) == (try sortedBytes))
        let body = try ProtobufBodySerializer().serialize(value: any, context: BodySerializationContext())
        let decoded = try Google_Protobuf_Any(serializedBytes: bytes(body))
        #expect(Array(decoded.value) == (try sortedBytes))
        #expect(try Google_Protobuf_Struct(unpackingAny: decoded) == message)
    }

    @Test func theTypePrefixIsKept() throws {
        let any = try Google_Protobuf_Any(
            deterministicallyPacking: Google_Protobuf_Duration(), typePrefix: "example.com")
        #expect(any.typeURL == "example.com/google.protobuf.Duration")
    }

    /// Why the initializer exists. If swift-protobuf starts writing packed messages deterministically, this fails:
    /// then `Google_Protobuf_Any(message:)` is enough, and the documentation should say so.
    @Test func swiftProtobufPacksInDictionaryOrderEvenWhenAskedForDeterministicOrder() throws {
        let any = try Google_Protobuf_Any(message: message)
        let body = try ProtobufBodySerializer().serialize(value: any, context: BodySerializationContext())
        let decoded = try Google_Protobuf_Any(serializedBytes: bytes(body))
        #expect(Array(decoded.value) != (try sortedBytes))
        #expect(try Google_Protobuf_Struct(unpackingAny: decoded) == message)
    }
}
