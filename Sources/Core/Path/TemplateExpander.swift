#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Expands the variables of one expression (RFC 6570 Appendix A), for ``URITemplate``, ``PathParameterStyle`` and
/// ``HeaderParameterStyle`` alike.
///
/// https://www.rfc-editor.org/rfc/rfc6570#appendix-A
struct TemplateExpander {
    let `operator`: TemplateOperator
    let escaping: TemplateEscaping
    private var isFirst = true

    init(operator: TemplateOperator, escaping: TemplateEscaping) {
        self.operator = `operator`
        self.escaping = escaping
    }

    /// Appends one variable's expansion; an undefined value appends nothing.
    /// - Parameters:
    ///   - variable: The variable and its modifiers.
    ///   - value: Its value.
    ///   - output: The buffer to append to.
    ///   - context: The template (or style) named in error messages.
    mutating func append(
        _ variable: TemplateVariable,
        value: ParameterValue,
        to output: inout [UInt8],
        in context: String
    ) throws(SerializationError) {
        switch value {
        case .null:
            return
        case .array(let elements):
            try appendList(elements, variable, to: &output, in: context)
        case .set(let members):
            try appendList(ParameterValue.canonicalSetMembers(members), variable, to: &output, in: context)
        case .dictionary(let dictionary):
            try appendDictionary(dictionary, variable, to: &output, in: context)
        default:
            var text = try Self.text(of: value, variable, in: context)
            if let prefix = variable.prefix {
                text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(prefix)))
            }
            startValue(to: &output)
            if `operator`.isNamed {
                TemplateEscaping.appendName(variable.name, to: &output)
                if text.isEmpty {
                    if `operator`.writesEqualsWhenEmpty { output.append(UInt8(ascii: "=")) }
                    return
                }
                output.append(UInt8(ascii: "="))
            }
            escaping.append(text, to: &output)
        }
    }

    private mutating func startValue(to output: inout [UInt8]) {
        if isFirst {
            if let first = `operator`.first { output.append(first) }
            isFirst = false
        } else {
            output.append(`operator`.separator)
        }
    }

    private mutating func appendList(
        _ elements: [ParameterValue],
        _ variable: TemplateVariable,
        to output: inout [UInt8],
        in context: String
    ) throws(SerializationError) {
        try rejectPrefix(variable, "an array or set", in: context)
        var items: [String] = []
        items.reserveCapacity(elements.count)
        for element in elements where element != .null {
            items.append(try Self.text(of: element, variable, in: context))
        }
        // A list with no defined members is undefined (RFC 6570 section 2.3).
        guard !items.isEmpty else { return }
        startValue(to: &output)
        if !variable.explode {
            if `operator`.isNamed {
                TemplateEscaping.appendName(variable.name, to: &output)
                output.append(UInt8(ascii: "="))
            }
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                escaping.append(item, to: &output)
            }
            return
        }
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(`operator`.separator) }
            if `operator`.isNamed {
                TemplateEscaping.appendName(variable.name, to: &output)
                if item.isEmpty {
                    if `operator`.writesEqualsWhenEmpty { output.append(UInt8(ascii: "=")) }
                    continue
                }
                output.append(UInt8(ascii: "="))
            }
            escaping.append(item, to: &output)
        }
    }

    private mutating func appendDictionary(
        _ dictionary: ParameterDictionary,
        _ variable: TemplateVariable,
        to output: inout [UInt8],
        in context: String
    ) throws(SerializationError) {
        try rejectPrefix(variable, "a dictionary", in: context)
        var pairs: [(key: String, value: String)] = []
        pairs.reserveCapacity(dictionary.count)
        for (key, value) in zip(dictionary.orderedKeys, dictionary.orderedValues) where value != .null {
            pairs.append((key, try Self.text(of: value, variable, key: key, in: context)))
        }
        // A dictionary whose members are all undefined is undefined (RFC 6570 section 2.3).
        guard !pairs.isEmpty else { return }
        startValue(to: &output)
        if !variable.explode {
            if `operator`.isNamed {
                TemplateEscaping.appendName(variable.name, to: &output)
                output.append(UInt8(ascii: "="))
            }
            for (index, pair) in pairs.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                escaping.append(pair.key, to: &output)
                output.append(UInt8(ascii: ","))
                escaping.append(pair.value, to: &output)
            }
            return
        }
        for (index, pair) in pairs.enumerated() {
            if index > 0 { output.append(`operator`.separator) }
            escaping.append(pair.key, to: &output)
            if `operator`.isNamed && pair.value.isEmpty {
                if `operator`.writesEqualsWhenEmpty { output.append(UInt8(ascii: "=")) }
                continue
            }
            output.append(UInt8(ascii: "="))
            escaping.append(pair.value, to: &output)
        }
    }

    private func rejectPrefix(
        _ variable: TemplateVariable,
        _ kind: String,
        in context: String
    ) throws(SerializationError) {
        guard let prefix = variable.prefix else { return }
        throw SerializationError(
            .unsupportedValue,
            "Prefix ':\(prefix)' cannot apply to \(SerializationError.quoted(variable.name)), which is \(kind), in "
                + context
        )
    }

    /// The text of a scalar: strings as they are, numbers as ``ParameterNumber/description``, booleans `true`/`false`,
    /// dates as ISO 8601, data as Base64.
    static func text(
        of value: ParameterValue,
        _ variable: TemplateVariable,
        key: String? = nil,
        in context: String
    ) throws(SerializationError) -> String {
        let location =
            SerializationError.quoted(variable.name) + (key.map { " key \(SerializationError.quoted($0))" } ?? "")
        switch value {
        case .string(let string):
            return string
        case .number(let number):
            guard number.isFinite else {
                throw SerializationError(
                    .unsupportedValue, "Non-finite number \(number) at \(location) cannot be written in \(context)")
            }
            return number.text
        case .bool(let bool):
            return bool ? "true" : "false"
        case .date(let date):
            guard ISO8601Text.isRepresentable(date) else {
                throw SerializationError(
                    .unsupportedValue,
                    "Date at \(location) is outside the years 1 to 9999 that ISO 8601 text can represent")
            }
            return try ISO8601Text.string(from: date)
        case .data(let bytes):
            return bytes.base64EncodedString()
        case .null:
            return ""
        case .array, .dictionary, .set:
            throw SerializationError(
                .unsupportedValue,
                "\(location) holds \(value.kindName) inside a list or dictionary, which RFC 6570 cannot expand, in "
                    + context
            )
        }
    }
}
