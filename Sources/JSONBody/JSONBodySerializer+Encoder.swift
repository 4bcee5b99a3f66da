import Wireform

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The invalid value in these errors is the date's time interval, not the date: describing a `Date` whose interval
// is NaN traps, and callers print errors.
extension JSONBodySerializer {
    /// A `JSONEncoder` that follows `options`, `dateEncoding` and `dataEncoding`: what the bytes written
    /// without an `encoder` are tested against (`JSONEncodingSinkTests`).
    func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = []
        if options.contains(.sortedKeys) { formatting.insert(.sortedKeys) }
        if options.contains(.prettyPrinted) { formatting.insert(.prettyPrinted) }
        if !options.contains(.escapingSlashes) { formatting.insert(.withoutEscapingSlashes) }
        encoder.outputFormatting = formatting
        switch dateEncoding.base {
        case .iso8601:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                guard DateRange.isISO8601Representable(date) else {
                    throw EncodingError.invalidValue(
                        date.timeIntervalSince1970,
                        EncodingError.Context(
                            codingPath: encoder.codingPath,
                            debugDescription: "Date is not finite or is outside the years 1 to 9999"
                        )
                    )
                }
                var container = encoder.singleValueContainer()
                try container.encode(ISO8601Text.string(from: date))
            }
        case .secondsSince1970:
            encoder.dateEncodingStrategy = .secondsSince1970
        case .millisecondsSince1970:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                guard let integer = DateRange.millisecondsSince1970(date) else {
                    throw EncodingError.invalidValue(
                        date.timeIntervalSince1970,
                        EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "Date out of range")
                    )
                }
                var container = encoder.singleValueContainer()
                try container.encode(integer)
            }
        case .rejected:
            encoder.dateEncodingStrategy = .custom { date, encoder in
                throw EncodingError.invalidValue(
                    date.timeIntervalSince1970,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "Dates are not allowed: the date encoding is 'rejected'"
                    )
                )
            }
        }
        switch dataEncoding.base {
        case .base64:
            encoder.dataEncodingStrategy = .base64
        case .rejected:
            encoder.dataEncodingStrategy = .custom { data, encoder in
                throw EncodingError.invalidValue(
                    data,
                    EncodingError.Context(
                        codingPath: encoder.codingPath,
                        debugDescription: "Data is not allowed: the data encoding is 'rejected'"
                    )
                )
            }
        }
        return encoder
    }
}
