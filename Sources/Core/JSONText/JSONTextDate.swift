#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Parses the ISO 8601 timestamps a `{"$date": …}` tag accepts (``JSONText``'s `readsTags`), without Foundation's
/// date formatters: `2024-01-02T03:04:05Z`, with an optional fraction (`.250`), an offset (`+01:00`, `-0530`) or
/// none (UTC), a `T`, `t` or space between date and time, or a date alone (`2024-01-02`, midnight UTC).
enum JSONTextDate {
    /// The date, or `nil` when the text is not such a timestamp or names an impossible day or time.
    static func parse(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        var position = 0
        func number(_ width: Int) -> Int? {
            guard position + width <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[position..<position + width] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            position += width
            return value
        }
        func expect(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2) else {
            return nil
        }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        var seconds = Double(daysSinceEpoch(year: year, month: month, day: day) * 86_400)
        guard position < bytes.count else { return Date(timeIntervalSince1970: seconds) }
        guard [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(bytes[position]) else { return nil }
        position += 1
        guard let hour = number(2), expect(":"), let minute = number(2), expect(":"), let second = number(2),
            hour < 24, minute < 60, second < 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if expect(".") {
            let start = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                position += 1
            }
            guard position > start,
                let fraction = Double("0." + String(decoding: bytes[start..<position], as: UTF8.self))
            else { return nil }
            seconds += fraction
        }
        if position == bytes.count { return Date(timeIntervalSince1970: seconds) }
        if expect("Z") || expect("z") {
            return position == bytes.count ? Date(timeIntervalSince1970: seconds) : nil
        }
        let sign: Double
        if expect("+") {
            sign = 1
        } else if expect("-") {
            sign = -1
        } else {
            return nil
        }
        guard let offsetHours = number(2) else { return nil }
        _ = expect(":")
        guard let offsetMinutes = number(2), offsetHours < 24, offsetMinutes < 60, position == bytes.count else {
            return nil
        }
        seconds -= sign * Double(offsetHours * 3600 + offsetMinutes * 60)
        return Date(timeIntervalSince1970: seconds)
    }

    /// Whether a year of the Gregorian calendar has 366 days.
    private static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    /// The days in a month of a year.
    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a day: Howard Hinnant's days-from-civil algorithm (proleptic Gregorian calendar).
    private static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
