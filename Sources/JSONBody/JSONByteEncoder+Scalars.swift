import Foundation
import Wireform

// The scalar spellings of `JSONEncoder` (swift-foundation `JSONWriter` and `JSONEncoderValue`): strings escaped as
// RFC 8259 requires, `/` only with escaping slashes; floating-point values as their `description` without a trailing
// `.0`; decimals as their `description`; dates and data as ``JSONBodySerializer/makeEncoder()`` configures them.
extension JSONByteEncoder {
    /// Appends a JSON string literal with `JSONEncoder`'s escapes.
    func writeString(_ string: String) {
        bytes.append(UInt8(ascii: "\""))
        var string = string
        string.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard
                    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                        || (byte == UInt8(ascii: "/") && escapesSlashes)
                else { continue }
                if runStart < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index])) }
                appendEscape(for: byte)
                runStart = index + 1
            }
            if runStart < utf8.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...])) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private func appendEscape(for byte: UInt8) {
        bytes.append(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(byte)
        case 0x08: bytes.append(UInt8(ascii: "b"))
        case 0x0C: bytes.append(UInt8(ascii: "f"))
        case 0x0A: bytes.append(UInt8(ascii: "n"))
        case 0x0D: bytes.append(UInt8(ascii: "r"))
        case 0x09: bytes.append(UInt8(ascii: "t"))
        default:
            bytes.append(UInt8(ascii: "u"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(UInt8(ascii: "0"))
            bytes.append(Self.hexDigit(byte >> 4))
            bytes.append(Self.hexDigit(byte & 0x0F))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") &+ value : UInt8(ascii: "a") &+ (value &- 10)
    }

    /// Appends `true` or `false`.
    func writeBool(_ value: Bool) {
        if value {
            bytes.append(contentsOf: [UInt8(ascii: "t"), UInt8(ascii: "r"), UInt8(ascii: "u"), UInt8(ascii: "e")])
        } else {
            bytes.append(contentsOf: [
                UInt8(ascii: "f"), UInt8(ascii: "a"), UInt8(ascii: "l"), UInt8(ascii: "s"), UInt8(ascii: "e"),
            ])
        }
    }

    /// Appends `null`.
    func writeNull() {
        bytes.append(contentsOf: [UInt8(ascii: "n"), UInt8(ascii: "u"), UInt8(ascii: "l"), UInt8(ascii: "l")])
    }

    /// Appends a signed integer's decimal digits.
    func writeInteger<Value: FixedWidthInteger & SignedInteger>(_ value: Value) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        writeDigits(UInt64(value.magnitude))
    }

    /// Appends an unsigned integer's decimal digits.
    func writeUnsigned<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        writeDigits(UInt64(value))
    }

    private func writeDigits(_ value: UInt64) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = 20
            while remaining > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start..<20]))
        }
    }

    /// Appends a finite floating-point value as `JSONEncoder` does: its `description` without a trailing `.0`.
    /// - Throws: ``Fallback`` for infinities and NaN (`JSONEncoder` throws its own error for them).
    func writeFloatingPoint<Value: BinaryFloatingPoint & CustomStringConvertible>(_ value: Value) throws {
        guard value.isFinite else { throw Fallback() }
        let start = bytes.count
        bytes.append(contentsOf: value.description.utf8)
        let count = bytes.count - start
        if count >= 2, bytes[bytes.count - 2] == UInt8(ascii: "."), bytes[bytes.count - 1] == UInt8(ascii: "0") {
            bytes.removeLast(2)
        }
    }

    /// Appends a date as ``dateEncoding`` says.
    /// - Throws: ``Fallback`` for a date the encoding cannot write or refuses.
    func writeDate(_ date: Date) throws {
        switch dateEncoding {
        case .iso8601:
            guard DateRange.isISO8601Representable(date) else { throw Fallback() }
            do {
                writeString(try ISO8601Text.string(from: date))
            } catch {
                throw Fallback()
            }
        case .secondsSince1970:
            try writeFloatingPoint(date.timeIntervalSince1970)
        case .millisecondsSince1970:
            guard let milliseconds = DateRange.millisecondsSince1970(date) else { throw Fallback() }
            writeInteger(milliseconds)
        default:
            throw Fallback()
        }
    }

    /// Appends data as ``dataEncoding`` says.
    /// - Throws: ``Fallback`` when the encoding refuses data.
    func writeData(_ data: Data) throws {
        guard dataEncoding == .base64 else { throw Fallback() }
        writeString(data.base64EncodedString())
    }
}
