import Foundation
public import Wireform

/// A reference decoder for the fuzz invariants, written independently of the encoder.
public enum QueryDecoding {
    /// Every byte is unreserved, `/`, `?`, `=`, `&`, `,` or part of a `%XX` escape with uppercase hex; with
    /// `allowingReserved`, also `:@!$'()*;`, and the hex of an escape may be lowercase (a triple passed through).
    public static func isWellFormed(_ bytes: [UInt8], allowingReserved: Bool = false) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let isHex = allowingReserved ? isHexDigit : isUpperHex
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return false
                }
                index += 3
                continue
            }
            let allowed = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?=&,".utf8
            guard allowed.contains(byte) || (allowingReserved && ":@!$'()*;".utf8.contains(byte)) else {
                return false
            }
            index += 1
        }
        return true
    }

    /// (name bytes, value bytes or nil for a bare key) per `&`-separated field.
    public static func decode(_ bytes: [UInt8]) -> [[UInt8]?] {
        guard !bytes.isEmpty else { return [] }
        var result: [[UInt8]?] = []
        for field in bytes.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false) {
            if let equals = field.firstIndex(of: UInt8(ascii: "=")) {
                result.append(unescape(field[..<equals]))
                result.append(unescape(field[(equals + 1)...]))
            } else {
                result.append(unescape(field))
                result.append(nil)
            }
        }
        return result
    }

    /// The decoded pairs a query built from `pairs` must give back: names and values as escaped bytes decode.
    /// With `decodingTriplesInValues` (`allowReserved`), a text value's `%XX` triples are passed through by the
    /// encoder, so they decode to their byte; raw data is escaped byte for byte as always.
    public static func expected(_ pairs: [QueryPair], decodingTriplesInValues: Bool = false) -> [[UInt8]?] {
        var result: [[UInt8]?] = []
        func value(_ bytes: [UInt8]) -> [UInt8] { decodingTriplesInValues ? decodingTriples(bytes) : bytes }
        for pair in pairs {
            result.append(Array(pair.name.utf8))
            switch pair.value {
            case .nameOnly: result.append(nil)
            case .text(let text): result.append(value(Array(text.utf8)))
            case .data(let data): result.append(Array(data))
            case .list(let items):
                // A literal comma separates items; commas inside items are escaped, so joining is exact.
                var joined: [UInt8] = []
                for (index, item) in items.enumerated() {
                    if index > 0 { joined.append(UInt8(ascii: ",")) }
                    joined += value(Array(item.utf8))
                }
                result.append(joined)
            }
        }
        return result
    }

    /// The bytes with every `%` followed by two hex digits (either case) replaced by the byte they name.
    public static func decodingTriples(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, isHexDigit(bytes[index + 1]),
                isHexDigit(bytes[index + 2])
            {
                result.append(hexValue(bytes[index + 1]) << 4 | hexValue(bytes[index + 2]))
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    private static func unescape(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "%") {
                result.append(hexValue(bytes[index + 1]) << 4 | hexValue(bytes[index + 2]))
                index += 3
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    private static func isUpperHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isUpperHex(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8 {
        if byte <= UInt8(ascii: "9") { return byte - UInt8(ascii: "0") }
        return (byte | 0x20) - UInt8(ascii: "a") + 10
    }
}
