import Wireform

// A third-party format written with Wireform's public API only (no `package` or internal symbols).

/// An error of the CSV format's own, to show that a plugin keeps its error types.
enum CSVError: Error, Equatable {
    case rowIsNotADictionary(row: Int)
    case nestedValue(row: Int, column: String)
}

/// `text/csv` (RFC 4180): an array of dictionaries becomes a header line and one line per row, CRLF-terminated.
struct CSVSerializer: BodySerializer {
    var mediaType: ContentType { ContentType("text/csv")! }

    func serialize(_ parameters: ParameterValue, context: BodySerializationContext) throws -> SerializedBody {
        guard case .array(let rows) = parameters else {
            throw SerializationError(.unsupportedValue, "CSV needs an array of rows, not \(parameters)")
        }
        var columns: [String] = []
        var bytes: [UInt8] = []
        for (index, row) in rows.enumerated() {
            guard case .dictionary(let fields) = row else { throw CSVError.rowIsNotADictionary(row: index) }
            if index == 0 {
                columns = fields.orderedKeys
                appendLine(columns, to: &bytes)
            }
            var line: [String] = []
            for column in columns {
                switch fields[column] ?? .null {
                case .string(let text): line.append(text)
                case .number(let number): line.append(number.text)
                case .bool(let bool): line.append(bool ? "true" : "false")
                case .null: line.append("")
                default: throw CSVError.nestedValue(row: index, column: column)
                }
            }
            appendLine(line, to: &bytes)
        }
        let contentType = try mediaType.settingParameter("charset", to: "utf-8").settingParameter(
            "header", to: "present")
        return SerializedBody(contentType: contentType, bytes: bytes)
    }

    private func appendLine(_ fields: [String], to bytes: inout [UInt8]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            let needsQuotes = field.utf8.contains {
                $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0D || $0 == 0x0A
            }
            guard needsQuotes else {
                bytes += field.utf8
                continue
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in field.utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
        bytes += [0x0D, 0x0A]
    }
}

extension BodySerializer where Self == CSVSerializer {
    /// The CSV format, registered like a first-party one: `registry.register(.csv)`.
    static var csv: Self { CSVSerializer() }
}
