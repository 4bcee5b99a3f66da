import Foundation
import Wireform

/// `application/x-ndjson`: one JSON value per line. It encodes `Encodable` values itself with `JSONEncoder`.
struct NDJSONSerializer: BodySerializer {
    var mediaType: ContentType { ContentType("application/x-ndjson")! }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        guard case .array(let values) = parameters else {
            throw SerializationError(.unsupportedValue, "NDJSON needs an array of values, not \(parameters)")
        }
        var bytes: [UInt8] = []
        for value in values {
            try appendJSON(value, to: &bytes)
            bytes.append(0x0A)
        }
        return SerializedBody(contentType: mediaType, bytes: bytes)
    }

    func serialize<Value: Encodable>(
        encodable value: Value,
        context: BodySerializationContext
    ) throws -> SerializedBody {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let elements: [any Encodable] = (value as? [any Encodable]) ?? [value]
        var bytes: [UInt8] = []
        for element in elements {
            bytes += try encoder.encode(element)
            bytes.append(0x0A)
        }
        return SerializedBody(contentType: mediaType, bytes: bytes)
    }

    private func appendJSON(_ value: ParameterValue, to bytes: inout [UInt8]) throws {
        switch value {
        case .string(let text): appendString(text, to: &bytes)
        case .number(let number):
            guard number.isFinite else { throw SerializationError(.unsupportedValue, "NDJSON cannot hold \(number)") }
            bytes += number.text.utf8
        case .bool(let bool): bytes += (bool ? "true" : "false").utf8
        case .null: bytes += "null".utf8
        case .array(let elements), .set(let elements):
            bytes.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                try appendJSON(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .dictionary(let dictionary):
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, element)) in dictionary.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                try appendJSON(element, to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        case .data(let data): appendString(data.base64EncodedString(), to: &bytes)
        case .date(let date): appendString(try ISO8601Text.string(from: date), to: &bytes)
        }
    }

    private func appendString(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
            case 0x0A: bytes += "\\n".utf8
            case 0x0D: bytes += "\\r".utf8
            case 0x09: bytes += "\\t".utf8
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes += "\\u00".utf8
                bytes += [hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            default: bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
