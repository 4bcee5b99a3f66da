// The code of the article "Writing your own body serializer"
// (Sources/Core/Documentation.docc/WritingYourOwnBodySerializer.md), verbatim: ArticleCodeTests checks that each
// region between `// article code N` and `// end of article code` is the article's Nth Swift code block. Change
// the article and this file together.

// article code 1
public import Wireform

/// Writes a message in the protobuf wire format, prefixed with its varint length (`writeDelimitedTo`).
public struct ProtobufSerializer: BodySerializer {
    /// Field numbers by parameter name.
    public var schema: [String: Int]

    /// Creates a serializer for messages with these field numbers.
    public init(schema: [String: Int]) { self.schema = schema }

    /// `application/x-protobuf`.
    public var mediaType: MediaType { .protobuf }

    /// Writes a dictionary of unsigned integers and strings as one length-prefixed message.
    public func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        guard case .dictionary(let message) = parameters else {
            throw SerializationError(
                .invalidTopLevelValue, "A protobuf message must be a dictionary, not \(parameters.kindName)")
        }
        var fields: [UInt8] = []
        for (name, value) in message {
            guard let number = schema[name] else {
                throw SerializationError(
                    .unsupportedValue, "Field \(SerializationError.quoted(name)) is not in the protobuf schema")
            }
            guard (1...536_870_911).contains(number) else { throw InvalidFieldNumber(name: name, number: number) }
            switch value {
            case .number(let numeric):
                guard let unsigned = numeric.uint64Value else {
                    throw SerializationError(
                        .unsupportedValue,
                        "Field \(SerializationError.quoted(name)) needs an unsigned integer, not \(numeric.text)")
                }
                Self.appendVarint(UInt64(number << 3), to: &fields)  // wire type 0: varint
                Self.appendVarint(unsigned, to: &fields)
            case .string(let text):
                Self.appendVarint(UInt64(number << 3 | 2), to: &fields)  // wire type 2: length-delimited
                Self.appendVarint(UInt64(text.utf8.count), to: &fields)
                fields += text.utf8
            default:
                throw SerializationError(
                    .unsupportedValue,
                    "Field \(SerializationError.quoted(name)) cannot hold \(value.kindName) in protobuf")
            }
        }
        var body: [UInt8] = []
        Self.appendVarint(UInt64(fields.count), to: &body)
        body += fields
        return SerializedBody(contentType: mediaType, bytes: body)
    }

    /// A request without parameters sends an empty message: its length, zero.
    public var bodyWithoutParameters: SerializedBody? { SerializedBody(contentType: mediaType, bytes: [0]) }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }
}

/// A schema problem rather than bad input. It is not public: callers see it as the `underlyingError` of a
/// `serializerFailed` error.
struct InvalidFieldNumber: Error, CustomStringConvertible {
    var name: String
    var number: Int

    var description: String {
        "Field \(SerializationError.quoted(name)) has number \(number); protobuf allows 1 to 536870911"
    }
}

extension MediaType {
    /// `application/x-protobuf`.
    public static let protobuf = MediaType("application/x-protobuf")!
}

extension BodySerializer where Self == ProtobufSerializer {
    /// Registering reads like picking a built-in format: `registry.register(.protobuf(schema: ...))`.
    public static func protobuf(schema: [String: Int]) -> Self { ProtobufSerializer(schema: schema) }
}
// end of article code
