extension JSONTextReader {
    /// Reads a number whose first byte (`-` or a digit) is at the current position and sends it: an integer that
    /// fits 64 bits (signed or unsigned) as ``EncodingSink/integer(_:isNegative:)``, any other number exactly
    /// (``JSONExactNumber``) as ``EncodingSink/number(_:)``.
    /// - Throws: ``SerializationError`` for a malformed number or one that cannot be kept exactly; what the sink
    ///   throws.
    mutating func readNumber(into sink: any EncodingSinkBox) throws {
        input.tokenStart = input.position
        defer { input.tokenStart = nil }
        let start = input.offset
        if try input.peek() == UInt8(ascii: "-") { input.position += 1 }
        let integerStart = input.offset
        guard try skipDigits() > 0 else { throw error("invalid number: expected a digit after '-'", at: start) }
        if input.buffer[integerStart - input.base] == UInt8(ascii: "0") && input.offset - integerStart > 1 {
            throw error("invalid number: leading zeros are not allowed", at: start)
        }
        var isInteger = true
        if try input.peek() == UInt8(ascii: ".") {
            isInteger = false
            input.position += 1
            guard try skipDigits() > 0 else { throw error("invalid number: expected a digit after '.'", at: start) }
        }
        if let byte = try input.peek(), byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
            isInteger = false
            input.position += 1
            if let sign = try input.peek(), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
                input.position += 1
            }
            guard try skipDigits() > 0 else {
                throw error("invalid number: expected a digit in the exponent", at: start)
            }
        }
        let text = String(decoding: input.buffer[(start - input.base)..<input.position], as: UTF8.self)
        if isInteger {
            if let value = Int64(text) { return try sink.integer(value.magnitude, isNegative: value < 0) }
            if let value = UInt64(text) { return try sink.integer(value, isNegative: false) }
        }
        let number: ParameterNumber
        do {
            number = try JSONExactNumber.parse(text)
        } catch {
            throw self.error(
                "number \(text.count > 60 ? String(text.prefix(60)) + "…" : text) cannot be kept exactly "
                    + "(\(error.reason)); pass it as a string",
                at: start
            )
        }
        try sink.number(number)
    }

    /// Moves past ASCII digits.
    /// - Returns: How many there were.
    private mutating func skipDigits() throws(SerializationError) -> Int {
        let start = input.offset
        while true {
            while input.position < input.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(input.buffer[input.position])
            {
                input.position += 1
            }
            guard input.position == input.count, try input.refill() else { break }
        }
        return input.offset - start
    }
}
