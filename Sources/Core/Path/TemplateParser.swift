/// Parses the text of a ``URITemplate`` into literals and expressions (RFC 6570 section 2).
///
/// https://www.rfc-editor.org/rfc/rfc6570#section-2
enum TemplateParser {
    /// The longest prefix RFC 6570 allows: `max-length = %x31-39 0*3DIGIT`.
    static let maximumPrefix = 9999

    static func parse(_ template: String) throws(SerializationError) -> [TemplatePart] {
        let bytes = Array(template.utf8)
        var parts: [TemplatePart] = []
        var literal: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "{") {
                var end = index + 1
                while end < bytes.count, bytes[end] != UInt8(ascii: "}") {
                    if bytes[end] == UInt8(ascii: "{") { break }
                    end += 1
                }
                guard end < bytes.count, bytes[end] == UInt8(ascii: "}") else {
                    throw failure("Unclosed '{' at offset \(index)", template)
                }
                if !literal.isEmpty {
                    parts.append(.literal(literal))
                    literal = []
                }
                let expression = try parseExpression(bytes[(index + 1)..<end], at: index, in: template)
                parts.append(.expression(expression))
                index = end + 1
            } else if byte == UInt8(ascii: "}") {
                throw failure("Unmatched '}' at offset \(index)", template)
            } else {
                appendLiteral(bytes, at: &index, to: &literal)
            }
        }
        if !literal.isEmpty { parts.append(.literal(literal)) }
        return parts
    }

    /// Copies a literal byte that may appear in a URI (unreserved, reserved, or a percent-encoded triple); escapes
    /// any other (RFC 6570 section 3.1).
    private static func appendLiteral(_ bytes: [UInt8], at index: inout Int, to literal: inout [UInt8]) {
        let byte = bytes[index]
        if byte == UInt8(ascii: "%") {
            if index + 2 < bytes.count, PercentTriple.isHexDigit(bytes[index + 1]),
                PercentTriple.isHexDigit(bytes[index + 2])
            {
                literal.append(contentsOf: bytes[index...(index + 2)])
                index += 3
                return
            }
        } else if TemplateEscaping.reservedSet.contains(byte) {
            literal.append(byte)
            index += 1
            return
        }
        literal.append(UInt8(ascii: "%"))
        literal.append(PercentEncoding.hexDigit(byte >> 4))
        literal.append(PercentEncoding.hexDigit(byte & 0x0F))
        index += 1
    }

    private static func parseExpression(
        _ body: ArraySlice<UInt8>,
        at offset: Int,
        in template: String
    ) throws(SerializationError) -> TemplateExpression {
        guard let first = body.first else { throw failure("Empty expression '{}' at offset \(offset)", template) }
        var start = body.startIndex
        var op = TemplateOperator.simple
        if let parsed = TemplateOperator.parse(first) {
            op = parsed
            start += 1
        } else if TemplateOperator.isReservedForExtensions(first) {
            throw failure(
                "Operator '\(Character(Unicode.Scalar(first)))' at offset \(offset) is reserved by RFC 6570 and not "
                    + "supported",
                template)
        }
        var variables: [TemplateVariable] = []
        for spec in body[start...].split(separator: UInt8(ascii: ","), omittingEmptySubsequences: false) {
            variables.append(try parseVariable(spec, at: offset, in: template))
        }
        return TemplateExpression(operator: op, variables: variables)
    }

    private static func parseVariable(
        _ spec: ArraySlice<UInt8>,
        at offset: Int,
        in template: String
    ) throws(SerializationError) -> TemplateVariable {
        var name = spec
        var explode = false
        var prefix: Int?
        if name.last == UInt8(ascii: "*") {
            explode = true
            name = name.dropLast()
        } else if let colon = name.firstIndex(of: UInt8(ascii: ":")) {
            let digits = name[(colon + 1)...]
            name = name[..<colon]
            guard let value = prefixLength(digits) else {
                throw failure(
                    "Invalid prefix length \(SerializationError.quoted(":" + text(digits))) for variable "
                        + "\(SerializationError.quoted(text(name))) at offset \(offset); RFC 6570 allows 1 to "
                        + "\(maximumPrefix)",
                    template)
            }
            prefix = value
        }
        guard isValidName(name) else {
            if name.isEmpty { throw failure("Empty variable name at offset \(offset)", template) }
            throw failure(
                "Invalid variable name \(SerializationError.quoted(text(name))) at offset \(offset)", template)
        }
        return TemplateVariable(name: text(name), explode: explode, prefix: prefix)
    }

    /// `1` to `9999` without a leading zero, or `nil`.
    private static func prefixLength(_ digits: ArraySlice<UInt8>) -> Int? {
        guard (1...4).contains(digits.count), digits.first != UInt8(ascii: "0") else { return nil }
        var value = 0
        for digit in digits {
            guard digit >= UInt8(ascii: "0"), digit <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(digit - UInt8(ascii: "0"))
        }
        return value
    }

    /// RFC 6570 `varname` (letters, digits, `_`, percent-encoded triples, dots between them) plus `-`.
    private static func isValidName(_ name: ArraySlice<UInt8>) -> Bool {
        guard let first = name.first, let last = name.last else { return false }
        guard first != UInt8(ascii: "."), last != UInt8(ascii: ".") else { return false }
        var index = name.startIndex
        var previousWasDot = false
        while index < name.endIndex {
            let byte = name[index]
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                previousWasDot = false
            case UInt8(ascii: "."):
                if previousWasDot { return false }
                previousWasDot = true
            case UInt8(ascii: "%"):
                guard index + 2 < name.endIndex, PercentTriple.isHexDigit(name[index + 1]),
                    PercentTriple.isHexDigit(name[index + 2])
                else { return false }
                previousWasDot = false
                index += 2
            default:
                return false
            }
            index += 1
        }
        return true
    }

    private static func text(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }

    private static func failure(_ what: String, _ template: String) -> SerializationError {
        SerializationError(.invalidTemplate, "\(what) in URI template \(SerializationError.quoted(template))")
    }
}
