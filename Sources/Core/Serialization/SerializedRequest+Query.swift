extension SerializedRequest {
    /// Writes an encoded query straight into the URL's path and query: after `?` or `&`, before any fragment; an
    /// empty query changes nothing.
    ///
    /// Non-ASCII text (from a custom query style) is percent-encoded as UTF-8.
    /// - Parameters:
    ///   - isEscaped: Whether the query is known to be escaped (``StandardQueryStyle`` writes every byte a URL
    ///     cannot carry as `%XX`, `#` included), so that it need not be checked.
    ///   - write: Appends the query, without a leading `?`, to the bytes it is given.
    /// - Throws: What `write` throws; ``SerializationError/Code/invalidURL`` when the query has a byte a URL cannot
    ///   carry unescaped or a `#` (a custom query style's mistake).
    mutating func appendQuery(
        isEscaped: Bool,
        _ write: (inout [UInt8]) throws(SerializationError) -> Void
    ) throws(SerializationError) {
        var bytes: [UInt8] = []
        var current = target
        current.withUTF8 { targetBytes in
            bytes.reserveCapacity(targetBytes.count + 512)
            bytes.append(contentsOf: targetBytes)
            if !targetBytes.contains(UInt8(ascii: "?")) {
                bytes.append(UInt8(ascii: "?"))
            } else if let last = targetBytes.last, last != UInt8(ascii: "?") && last != UInt8(ascii: "&") {
                bytes.append(UInt8(ascii: "&"))
            }
        }
        let queryStart = bytes.count
        try write(&bytes)
        guard bytes.count > queryStart else { return }
        if !isEscaped {
            // The query's bytes checked in place as a buffer slice (the checker takes buffers); no copy.
            var problem = bytes.withUnsafeBufferPointer {
                Self.problem(inQuery: UnsafeBufferPointer(rebasing: $0[queryStart...]))
            }
            if problem?.byte.map({ $0 >= 0x80 }) == true {
                // Non-ASCII text: percent-encoded as UTF-8, as in the URL itself.
                let encoded = URLTextParts.percentEncodingNonASCII(
                    String(decoding: bytes[queryStart...], as: UTF8.self))
                bytes.removeSubrange(queryStart...)
                bytes.append(contentsOf: encoded.utf8)
                // The rewritten query's bytes, checked in place; the buffer is used only inside the closure.
                problem = bytes.withUnsafeBufferPointer {
                    Self.problem(inQuery: UnsafeBufferPointer(rebasing: $0[queryStart...]))
                }
            }
            if let problem {
                throw SerializationError(
                    .invalidURL,
                    "Cannot append the query to URL \(SerializationError.quoted(url)): \(problem.text)")
            }
            // `[` and `]` as every client sends them, as in the URL itself.
            let query = String(decoding: bytes[queryStart...], as: UTF8.self)
            if let escaped = URLTextParts.escapingBrackets(query, from: 0) {
                bytes.removeSubrange(queryStart...)
                bytes.append(contentsOf: escaped.utf8)
            }
        }
        target = String(decoding: bytes, as: UTF8.self)
    }

    /// Writes an escaped query into the URL as ``appendQuery(isEscaped:_:)`` does, with `write` making the whole
    /// path and query: the text it is given (the path and query so far, then `?` or `&`) followed by the query. The
    /// query is then made once, in the URL's own text: a GET with hundreds of megabytes of parameters holds it once.
    /// - Parameter write: Returns the text it is given followed by the query, which must be escaped.
    /// - Throws: What `write` throws.
    mutating func appendEscapedQuery(
        _ write: (_ prefix: String) throws(SerializationError) -> String
    ) throws(SerializationError) {
        var prefix = target
        if !prefix.utf8.contains(UInt8(ascii: "?")) {
            prefix.append("?")
        } else if let last = prefix.utf8.last, last != UInt8(ascii: "?") && last != UInt8(ascii: "&") {
            prefix.append("&")
        }
        let written = try write(prefix)
        if written.utf8.count > prefix.utf8.count { target = written }
    }

    /// What makes a query unfit for the URL, or `nil`; offsets in the message count from the query's start.
    // A buffer slice of the request's bytes, checked where they are.
    private static func problem(inQuery bytes: UnsafeBufferPointer<UInt8>) -> URLTextParts.Problem? {
        if bytes.contains(UInt8(ascii: "#")) { return "the query has a '#'" }
        guard let found = URLTextParts.firstBadByte(in: bytes, from: 0) else { return nil }
        var problem = URLTextParts.Problem("the query: " + found.text)
        problem.byte = found.byte
        return problem
    }
}
