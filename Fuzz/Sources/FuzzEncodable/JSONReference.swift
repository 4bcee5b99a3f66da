import Foundation
import WireformJSONBody

/// The reference `JSONEncoder` for a ``JSONBodySerializer``: `.sortedKeys`, the serializer's pretty printing and
/// slash escaping, and date and data strategies that write what the serializer promises (ISO 8601 dates, Base64 data).
enum JSONReference {
    /// Thrown by the reference for a value it does not model (an ISO 8601 date with a fraction of a second or
    /// before 1970): that input's JSON is not compared.
    struct NotModelled: Error {}

    static func encoder(prettyPrinted: Bool, escapingSlashes: Bool) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.sortedKeys]
        if prettyPrinted { formatting.insert(.prettyPrinted) }
        if !escapingSlashes { formatting.insert(.withoutEscapingSlashes) }
        encoder.outputFormatting = formatting
        encoder.dateEncodingStrategy = .custom { date, encoder in
            let interval = date.timeIntervalSince1970
            // Not finite or more than a second outside the years 1 to 9999: an error in both.
            guard interval.isFinite, interval > -62_135_596_801, interval < 253_402_300_801 else {
                throw EncodingError.invalidValue(0, .init(codingPath: encoder.codingPath, debugDescription: "iso"))
            }
            guard interval >= 0, interval < 253_402_300_800, interval == interval.rounded(.down) else {
                throw NotModelled()
            }
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(seconds: Int64(interval)))
        }
        encoder.dataEncodingStrategy = .base64
        return encoder
    }

    /// `yyyy-MM-ddTHH:mm:ssZ` for whole seconds since 1970 (days to civil date, Howard Hinnant's algorithm).
    static func iso8601(seconds: Int64) -> String {
        let days = seconds / 86_400
        let time = seconds % 86_400
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func pad(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(time / 3600, 2)):\(pad(time / 60 % 60, 2)):"
            + "\(pad(time % 60, 2))Z"
    }
}
