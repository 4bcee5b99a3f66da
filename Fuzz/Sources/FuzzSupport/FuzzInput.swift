import Foundation
public import Wireform

/// Turns fuzzer bytes into values: strings with hostile Unicode, numbers, and parameter trees.
public struct FuzzInput {
    private let bytes: [UInt8]
    private var position = 0

    /// Reads values from a copy of the fuzzer's bytes.
    public init(_ data: UnsafeRawBufferPointer) { bytes = Array(data) }

    /// Whether every byte has been read; later reads give zeros.
    public var isExhausted: Bool { position >= bytes.count }

    /// The next byte, or 0 past the end.
    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    /// A number from 0 up to, not including, `limit`, from the next two bytes.
    public mutating func int(below limit: Int) -> Int {
        guard limit > 1 else { return 0 }
        let value = Int(byte()) << 8 | Int(byte())
        return value % limit
    }

    /// Pieces that stress escaping: reserved characters, CR/LF/NUL, combining marks, ZWJ sequences, emoji.
    private static let pieces: [String] = [
        "a", "Z", "0", " ", "&", "=", "[", "]", "%", "+", "?", "/", "#", "\"", "\\", "\r", "\n", "\0", ".",
        ",", ";", "é", "e\u{301}", "北京", "👴🏻", "👨‍👩‍👧", "🏳️‍🌈", "\u{FEFF}", "\u{2028}", "\u{7F}", "~", "-",
        "_", "\t", "%41", "a.b", "[]", "x]y[",
    ]

    /// A string of up to `maxPieces` hostile pieces or raw scalars.
    public mutating func string(maxPieces: Int = 8) -> String {
        var text = ""
        for _ in 0..<int(below: maxPieces + 1) {
            let selector = byte()
            if selector < 200 {
                text += Self.pieces[Int(selector) % Self.pieces.count]
            } else {
                // A raw scalar anywhere in Unicode (surrogates are not scalars and are skipped).
                let value = UInt32(byte()) << 12 | UInt32(byte()) << 4 | UInt32(byte() & 0xF)
                if let scalar = Unicode.Scalar(value % 0x11_0000) { text.unicodeScalars.append(scalar) }
            }
        }
        return text
    }

    /// A number: 64-bit limits, arbitrary doubles, decimals, NaN and infinities.
    public mutating func number() -> ParameterNumber {
        switch byte() % 6 {
        case 0: return ParameterNumber(Int64(bitPattern: UInt64(byte()) << 56 | UInt64(byte()) << 8 | UInt64(byte())))
        case 1: return ParameterNumber(UInt64.max - UInt64(byte()))
        case 2: return ParameterNumber(Double(bitPattern: UInt64(byte()) << 56 | UInt64(byte()) << 48 | UInt64(byte())))
        case 3: return ParameterNumber(Double(Int(byte()) - 128) / 7)
        case 4: return ParameterNumber(Decimal(string: "\(byte()).\(byte())\(byte())") ?? 0)
        default:
            return ParameterNumber(
                [Double.nan, .infinity, -.infinity, -0.0, 1e300, .leastNonzeroMagnitude][Int(byte()) % 6])
        }
    }

    /// A parameter tree; `depth` bounds nesting, except that a rare selector builds a very deep chain.
    public mutating func value(depth: Int = 0) -> ParameterValue {
        let selector = byte()
        if depth > 6 || isExhausted { return .string(string()) }
        switch selector % 13 {
        case 0, 1: return .string(string())
        case 2: return .number(number())
        case 3: return .bool(byte() & 1 == 1)
        case 4: return .null
        case 5: return .data(Data((0..<int(below: 8)).map { _ in byte() }))
        case 6:
            if byte() % 8 == 0 {
                // Dates no ISO 8601 text can hold: must be an error, never a trap.
                return .date(Date(timeIntervalSince1970: [.nan, .infinity, -.infinity, 1e300, -1e20][Int(byte()) % 5]))
            }
            return .date(Date(timeIntervalSince1970: Double(Int(byte()) - 128) * 1e7 + Double(byte()) / 8))
        case 7, 8: return .array((0..<int(below: 5)).map { _ in value(depth: depth + 1) })
        case 9, 10: return .dictionary(dictionary(depth: depth + 1))
        case 11: return .set((0..<int(below: 5)).map { _ in value(depth: depth + 1) })
        default:
            // Very deep nesting: must give `.unsupportedValue`, never a stack overflow.
            var deep: ParameterValue = "leaf"
            for level in 0..<(int(below: 400)) { deep = level % 2 == 0 ? [deep] : ["k": deep] }
            return deep
        }
    }

    /// A dictionary of up to five random keys and values.
    public mutating func dictionary(depth: Int = 0) -> ParameterDictionary {
        var dictionary: ParameterDictionary = [:]
        for _ in 0..<int(below: 6) { dictionary[string(maxPieces: 4)] = value(depth: depth) }
        return dictionary
    }
}

extension FuzzInput {
    private static let mediaTypePieces: [String] = [
        "application", "text", "multipart", "/", "json", "vnd.api+json", "+json", "+", "x-www-form-urlencoded",
        "form-data", ";", " ", "\t", "charset", "=", "utf-8", "\"", "\\", "boundary", "a\"b", "é", "\r\n", "*", "",
        "UTF-8", "Application", "JSON", ",", "q=0.5", "()", "\0",
    ]

    /// Text that is usually close to a media type: tokens, separators, quotes and escapes.
    public mutating func mediaTypeText() -> String {
        var text = ""
        for _ in 0..<int(below: 12) {
            let selector = byte()
            text +=
                selector < 220 ? Self.mediaTypePieces[Int(selector) % Self.mediaTypePieces.count] : string(maxPieces: 1)
        }
        return text
    }

    private static let urlPieces: [String] = [
        "https://", "http://", "example.com", "/", "?", "#", "&", "=", "a", "b=1", ":8080", "@", "%", "%2", "%41",
        " ", "[", "]", "::1", "user:pw@", "..", "frag", "é", "file:///tmp/x", "mailto:x@y", "",
    ]

    /// Text that is usually close to a URL, with queries, fragments and broken escapes.
    public mutating func urlText() -> String {
        var text = ""
        for _ in 0..<int(below: 10) {
            let selector = byte()
            text += selector < 230 ? Self.urlPieces[Int(selector) % Self.urlPieces.count] : string(maxPieces: 1)
        }
        return text
    }
}
