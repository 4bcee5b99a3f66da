/// Checks and splits the text a ``QueryStyle/raw(_:)`` closure returns.
enum RawQuery {
    /// The query's bytes when every one may stand in a query as it is: printable ASCII other than space and `#`,
    /// with each `%` starting a percent-encoded triple.
    /// - Parameter text: The closure's text.
    /// - Returns: Its UTF-8 bytes.
    /// - Throws: ``SerializationError/Code/unsupportedValue`` naming the first byte that may not.
    static func checked(_ text: String) throws(SerializationError) -> [UInt8] {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHexDigit(bytes[index + 1]), isHexDigit(bytes[index + 2]) else {
                    throw failure(text, "a '%' at byte \(index) that does not start a percent-encoded triple")
                }
                index += 3
                continue
            }
            guard byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "#") else {
                let shown = byte == 0x20 ? "a space" : byte == UInt8(ascii: "#") ? "a '#'" : "byte 0x\(hex(byte))"
                throw failure(text, "\(shown) at byte \(index), which must be percent-encoded")
            }
            index += 1
        }
        return bytes
    }

    /// The `name=value` pairs of a checked query, split at `&` and the first `=`, percent-decoded; a field without
    /// `=` is a bare name.
    /// - Parameter bytes: A query that ``checked(_:)`` accepted.
    /// - Returns: The pairs, in order; empty fields are skipped.
    static func pairs(in bytes: [UInt8]) -> [QueryPair] {
        bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true).map { field in
            guard let equals = field.firstIndex(of: UInt8(ascii: "=")) else {
                return QueryPair(name: decoded(field[...]), value: .nameOnly)
            }
            return QueryPair(
                name: decoded(field[..<equals]), value: .text(decoded(field[field.index(after: equals)...])))
        }
    }

    private static func decoded(_ bytes: ArraySlice<UInt8>) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            // `checked` guarantees two hex digits after every '%'.
            if bytes[index] == UInt8(ascii: "%"), let high = hexValue(bytes[index + 1]),
                let low = hexValue(bytes[index + 2])
            {
                result.append(high << 4 | low)
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func failure(_ text: String, _ problem: String) -> SerializationError {
        SerializationError(
            .unsupportedValue, "The raw query \(SerializationError.quoted(text)) has \(problem); it was not sent")
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool { hexValue(byte) != nil }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF".utf8)
        return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]], as: UTF8.self)
    }
}
