/// Decimal integers for ``EscapedQuerySink``: digits need no escaping, so they are written straight into the buffer.
extension QueryByteWriter {
    /// Appends the decimal digits of an integer (digits need no escaping).
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendDecimal(_ value: UInt64) {
        if value < 10 {
            append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value))
            return
        }
        let digits = Self.decimalDigitCount(value)
        reserve(digits)
        Self.writeDigits(of: value, endingAt: base + (count &+ digits))
        count &+= digits
    }

    /// Writes the decimal digits of `value` backwards so that the last one lands just before `end`; the caller has
    /// reserved ``decimalDigitCount(_:)`` bytes there.
    // Writes into the writer's own reserved bytes before `end` (the caller reserved them); no bounds checks.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    static func writeDigits(of value: UInt64, endingAt end: UnsafeMutablePointer<UInt8>) {
        var position = end
        var remaining = value
        let pairs = digitPairs.utf8Start
        while remaining >= 100 {
            let pair = Int(truncatingIfNeeded: remaining % 100) &* 2
            remaining /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair &+ 1]
        }
        if remaining >= 10 {
            let pair = Int(truncatingIfNeeded: remaining) &* 2
            position[-2] = pairs[pair]
            position[-1] = pairs[pair &+ 1]
        } else {
            position[-1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: remaining)
        }
    }

    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    static func decimalDigitCount(_ value: UInt64) -> Int {
        if value < 10 { return 1 }
        if value < 100 { return 2 }
        if value < 1_000 { return 3 }
        if value < 10_000 { return 4 }
        var digits = 1
        var remaining = value
        while remaining >= 10_000 {
            remaining /= 10_000
            digits &+= 4
        }
        if remaining >= 100 { return digits &+ (remaining >= 1_000 ? 3 : 2) }
        return digits &+ (remaining >= 10 ? 1 : 0)
    }

    static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Appends `&` (unless `isFirst`), a name already escaped, `=` and an integer: one capacity check.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendPair(name: borrowing QueryByteWriter, isFirst: Bool, decimal value: UInt64, isNegative: Bool) {
        let length = name.count
        let digits = Self.decimalDigitCount(value)
        reserve(length &+ digits &+ 3)
        var position = count
        if !isFirst {
            base[position] = UInt8(ascii: "&")
            position &+= 1
        }
        Self.copy(from: name.base, to: base + position, count: length)
        position &+= length
        base[position] = UInt8(ascii: "=")
        position &+= 1
        if isNegative {
            // `-` is unreserved: never escaped.
            base[position] = UInt8(ascii: "-")
            position &+= 1
        }
        position &+= digits
        count = position
        Self.writeDigits(of: value, endingAt: base + position)
    }

    /// Appends `head` (`&name=`) and the digits of each leading integer of a run, with the position, capacity and
    /// base held in registers; returns how many it wrote.
    @inline(__always)  // With the 28 others in the byte writers: W1 -9 %, W2 -8 %, W3 +6 %
    mutating func appendIntegers(
        _ run: IntegerRun,
        // The caller's stack buffer holding `&name=`, copied before each integer.
        head: UnsafePointer<UInt8>,
        count headCount: Int
    ) -> Int {
        let elements = run.elements
        var index = 0
        var position = count
        var limit = capacity
        var output = base
        let pairs = Self.digitPairs.utf8Start
        while index < elements.count, let integer = elements[index].signedInteger {
            let needed = position &+ headCount &+ 21
            if needed > limit {
                count = position
                grow(to: needed)
                output = base
                limit = capacity
            }
            Self.copy(from: head, to: output + position, count: headCount)
            position &+= headCount
            if integer < 0 {
                output[position] = UInt8(ascii: "-")
                position &+= 1
            }
            let value = integer.magnitude
            if value < 10 {
                output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
                position &+= 1
            } else if value < 100 {
                let pair = Int(truncatingIfNeeded: value) &* 2
                output[position] = pairs[pair]
                output[position &+ 1] = pairs[pair &+ 1]
                position &+= 2
            } else if value < 1_000 {
                let high = Int(truncatingIfNeeded: value / 100)
                let low = Int(truncatingIfNeeded: value % 100) &* 2
                output[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: high)
                output[position &+ 1] = pairs[low]
                output[position &+ 2] = pairs[low &+ 1]
                position &+= 3
            } else if value < 10_000 {
                let high = Int(truncatingIfNeeded: value / 100) &* 2
                let low = Int(truncatingIfNeeded: value % 100) &* 2
                output[position] = pairs[high]
                output[position &+ 1] = pairs[high &+ 1]
                output[position &+ 2] = pairs[low]
                output[position &+ 3] = pairs[low &+ 1]
                position &+= 4
            } else {
                count = position
                appendDecimal(value)
                position = count
                output = base
                limit = capacity
            }
            index &+= 1
        }
        count = position
        return index
    }
}
