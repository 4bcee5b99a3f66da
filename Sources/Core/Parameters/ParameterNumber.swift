#if canImport(FoundationEssentials)
    public import FoundationEssentials
#else
    public import Foundation
#endif

/// A number in a parameter tree: an integer, a floating-point value or a decimal.
///
/// Every format writes a number with the same text on every platform, which is this type's ``description``:
/// - integers as their exact decimal digits, at any width (`-42`, `9223372036854775807`,
///   `18446744073709551615`, and `Int128`/`UInt128` values beyond 64 bits);
/// - floating-point values that are whole and at most 2^53 in magnitude as their digits, without `.0` or an
///   exponent (`1.0` → `1`, `-0.0` → `-0`, `1e15` → `1000000000000000`, `9007199254740992.0` →
///   `9007199254740992`); all others with Swift's shortest round-tripping text (`0.1`, `1e-07`, `1.5e+300`,
///   `1e+16`, `9.007199254740994e+15`), which the standard library computes the same way on every platform, so a
///   whole floating-point value is never written with a trailing `.0`;
/// - a `Float` with `Float`'s own shortest text (`Float(0.1)` → `0.1`, not `0.100000001` or
///   `0.10000000149011612`): it is stored as the `Double` nearest to that text;
/// - decimals with all of their digits (`Decimal(string: "3.14159265358979323846")` keeps every digit).
///
/// Foundation's `NSNumber` text differs between Linux and Apple platforms; Wireform never uses it.
public struct ParameterNumber: Sendable, Hashable, CustomStringConvertible {
    @usableFromInline
    enum Storage: Sendable, Hashable {
        case signed(Int64)
        case unsigned(UInt64)
        case double(Double)
        case decimal(Decimal)
        /// An integer beyond 64 bits, as its decimal digits with an optional leading `-`.
        case wideInteger(String)
    }

    @usableFromInline
    let storage: Storage

    /// Creates an integer number.
    ///
    /// Inlinable, so that it is specialized for the caller's integer type in the caller's module: unspecialized,
    /// the generic conversions cost about five times as much (issue 29, harness rows A1-W3 and A1-W3-direct).
    /// - Parameter value: An integer of any width; every digit is kept, also beyond 64 bits.
    @inlinable
    public init(_ value: some BinaryInteger) {
        if let signed = Int64(exactly: value) {
            storage = .signed(signed)
        } else if let unsigned = UInt64(exactly: value) {
            storage = .unsigned(unsigned)
        } else {
            storage = .wideInteger(String(value))
        }
    }

    /// Creates a floating-point number.
    /// - Parameter value: The value; formats reject it when it is not finite.
    public init(_ value: Double) { storage = .double(value) }

    /// Creates a floating-point number that is written with `Float`'s shortest text.
    ///
    /// The number holds the `Double` nearest to that text (`Float(0.1)` becomes `0.1`, not
    /// `0.10000000149011612`), so every format writes what the `Float` prints.
    /// - Parameter value: The value; formats reject it when it is not finite.
    public init(_ value: Float) {
        if value.isFinite, let shortest = Double(value.description) {
            storage = .double(shortest)
        } else {
            storage = .double(Double(value))
        }
    }

    /// Creates a decimal number.
    /// - Parameter value: The value; formats reject it when it is NaN.
    public init(_ value: Decimal) { storage = .decimal(value) }

    /// Whether the number can be written: `false` for infinities and NaN.
    package var isFinite: Bool {
        switch storage {
        case .signed, .unsigned, .wideInteger: return true
        case .double(let value): return value.isFinite
        case .decimal(let value): return !value.isNaN
        }
    }

    /// Whether the number is an integer (not a floating-point value or decimal, even a whole one).
    public var isInteger: Bool {
        switch storage {
        case .signed, .unsigned, .wideInteger: return true
        case .double, .decimal: return false
        }
    }

    /// The value as a `Double`, rounded where it must be.
    public var doubleValue: Double {
        switch storage {
        case .signed(let value): return Double(value)
        case .unsigned(let value): return Double(value)
        case .double(let value): return value
        case .decimal(let value): return Double(value.description) ?? .nan  // exact text, correctly rounded
        case .wideInteger(let digits): return Double(digits) ?? .nan
        }
    }

    /// The value as an `Int64` when it is an integer that fits, otherwise `nil`.
    public var int64Value: Int64? {
        switch storage {
        case .signed(let value): return value
        case .unsigned(let value): return Int64(exactly: value)
        case .double, .decimal, .wideInteger: return nil
        }
    }

    /// The value as a `UInt64` when it is a non-negative integer that fits, otherwise `nil`.
    public var uint64Value: UInt64? {
        switch storage {
        case .signed(let value): return UInt64(exactly: value)
        case .unsigned(let value): return value
        case .double, .decimal, .wideInteger: return nil
        }
    }

    /// The value as a `Decimal` when it was created from one, otherwise `nil`.
    public var decimalValue: Decimal? {
        if case .decimal(let value) = storage { return value }
        return nil
    }

    /// The text every format writes for this number; see the type's documentation for the rules.
    package var text: String {
        var bytes: [UInt8] = []
        appendText(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The text every format writes for this number, such as `1`, `0.5` or `1e+100`; see the type's documentation
    /// for the rules.
    public var description: String { text }

    /// Appends ``text`` as UTF-8 bytes.
    /// - Parameter bytes: The buffer to append to.
    package func appendText(to bytes: inout [UInt8]) {
        switch storage {
        case .signed(let value):
            if value < 0 { bytes.append(UInt8(ascii: "-")) }
            Self.appendDigits(of: value.magnitude, to: &bytes)
        case .unsigned(let value):
            Self.appendDigits(of: value, to: &bytes)
        case .double(let value):
            if value == 0 {
                if value.sign == .minus { bytes.append(UInt8(ascii: "-")) }
                bytes.append(UInt8(ascii: "0"))
            } else if value.magnitude <= 9_007_199_254_740_992, value == value.rounded(.towardZero) {
                let whole = Int64(value)
                if whole < 0 { bytes.append(UInt8(ascii: "-")) }
                Self.appendDigits(of: whole.magnitude, to: &bytes)
            } else {
                bytes.append(contentsOf: value.description.utf8)
            }
        case .decimal(let value):
            bytes.append(contentsOf: value.description.utf8)
        case .wideInteger(let digits):
            bytes.append(contentsOf: digits.utf8)
        }
    }

    static func appendDigits(of value: UInt64, to bytes: inout [UInt8]) {
        if value < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        // The digits come out last first into a 20-byte stack buffer (UInt64.max has 20), then one append.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var remaining = value
            var start = 20
            while remaining > 0 {
                start -= 1
                digits[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining % 10)
                remaining /= 10
            }
            // The digits just written (start..<20), copied out before the stack buffer is freed.
            bytes.append(contentsOf: UnsafeMutableBufferPointer(rebasing: digits[start..<20]))
        }
    }
}
