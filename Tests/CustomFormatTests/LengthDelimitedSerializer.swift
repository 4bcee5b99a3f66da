import Wireform

/// Errors of the protobuf-style format's own.
enum ProtobufError: Error, Equatable {
    case unknownField(String)
}

/// A tiny protobuf-style format: each message is a dictionary whose keys map to field numbers in a schema, written
/// in the protobuf wire format and prefixed with its varint length (`writeDelimitedTo`), so that several messages
/// can follow one another in one body.
///
/// Integers and booleans are varints (wire type 0); strings and data are length-delimited (wire type 2); an array
/// is a repeated field. A top-level array is a stream of messages.
struct LengthDelimitedSerializer: BodySerializer {
    /// Field numbers by name.
    var schema: [String: Int]

    var mediaType: ContentType { ContentType("application/x-protobuf")! }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        var bytes: [UInt8] = []
        switch parameters {
        case .dictionary(let message):
            try appendDelimited(message, to: &bytes)
        case .array(let messages):
            for (index, message) in messages.enumerated() {
                guard case .dictionary(let fields) = message else {
                    throw SerializationError(.unsupportedValue, "Message [\(index)] is not a dictionary")
                }
                try appendDelimited(fields, to: &bytes)
            }
        default:
            throw SerializationError(.unsupportedValue, "A protobuf body needs a message or an array of messages")
        }
        let contentType = try mediaType.settingParameter("delimited", to: "true")
        return SerializedBody(contentType: contentType, bytes: bytes)
    }

    private func appendDelimited(_ message: ParameterDictionary, to bytes: inout [UInt8]) throws {
        var body: [UInt8] = []
        for (name, value) in message {
            guard let number = schema[name] else { throw ProtobufError.unknownField(name) }
            let values: [ParameterValue]
            if case .array(let elements) = value { values = elements } else { values = [value] }
            for element in values { try appendField(number, name: name, element, to: &body) }
        }
        Self.appendVarint(UInt64(body.count), to: &bytes)
        bytes += body
    }

    private func appendField(_ number: Int, name: String, _ value: ParameterValue, to bytes: inout [UInt8]) throws {
        switch value {
        case .number(let number2) where number2.uint64Value != nil:
            Self.appendVarint(UInt64(number << 3), to: &bytes)
            Self.appendVarint(number2.uint64Value ?? 0, to: &bytes)
        case .bool(let bool):
            Self.appendVarint(UInt64(number << 3), to: &bytes)
            bytes.append(bool ? 1 : 0)
        case .string(let text):
            Self.appendVarint(UInt64(number << 3 | 2), to: &bytes)
            Self.appendVarint(UInt64(text.utf8.count), to: &bytes)
            bytes += text.utf8
        case .data(let data):
            Self.appendVarint(UInt64(number << 3 | 2), to: &bytes)
            Self.appendVarint(UInt64(data.count), to: &bytes)
            bytes += data
        default:
            throw SerializationError(.unsupportedValue, "Field '\(name)' cannot hold \(value) in this format")
        }
    }

    static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var remaining = value
        while remaining >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: remaining) | 0x80)
            remaining >>= 7
        }
        bytes.append(UInt8(remaining))
    }
}
