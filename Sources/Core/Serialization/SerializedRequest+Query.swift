extension SerializedRequest {
    /// Appends an encoded query to the URL text: with `?` or `&`, before any fragment; an empty query changes
    /// nothing.
    ///
    /// The query is written straight into the text, which is searched byte by byte (never by `Character`); only the
    /// path and query are searched for an existing `?`.
    /// Non-ASCII text (from a custom query style) is percent-encoded as UTF-8.
    /// - Throws: ``SerializationError/Code/invalidURL`` when the query has a byte a URL cannot carry unescaped or a
    ///   `#` (a custom query style's mistake).
    /// - Parameters:
    ///   - query: The encoded query.
    ///   - isEscaped: Whether the query is known to be escaped (``StandardQueryStyle`` writes every byte a URL
    ///     cannot carry as `%XX`, `#` included), so that it need not be checked.
    mutating func appendQuery(_ query: String, isEscaped: Bool) throws(SerializationError) {
        guard !query.isEmpty else { return }
        var query = query
        var problem = isEscaped ? nil : Self.problem(inQuery: query)
        if problem?.byte.map({ $0 >= 0x80 }) == true {
            // Non-ASCII text from a custom query style: percent-encoded as UTF-8, as in the URL itself.
            query = URLTextParts.percentEncodingNonASCII(query)
            problem = Self.problem(inQuery: query)
        }
        if let problem {
            throw SerializationError(
                .invalidURL, "Cannot append the query to URL \(SerializationError.quoted(url)): \(problem.text)")
        }
        let total = url.utf8.count
        let (separator, hash) = querySeparator()
        let added = separator.utf8.count + query.utf8.count
        if hash == total {
            url.reserveCapacity(total + added)
            url += separator
            url += query
        } else {
            var joined = ""
            joined.reserveCapacity(total + added)
            let utf8 = url.utf8
            let hashIndex = utf8.index(utf8.startIndex, offsetBy: hash)
            joined += Substring(utf8[..<hashIndex])
            joined += separator
            joined += query
            joined += Substring(utf8[hashIndex...])
            url = joined
        }
        parts.fragmentStart += added
    }

    /// What makes a query unfit for the URL, or `nil`.
    private static func problem(inQuery query: String) -> URLTextParts.Problem? {
        var query = query
        query.makeContiguousUTF8()
        let problem = query.utf8.withContiguousStorageIfAvailable { bytes -> URLTextParts.Problem? in
            if bytes.contains(UInt8(ascii: "#")) { return "the query has a '#'" }
            guard let found = URLTextParts.firstBadByte(in: bytes, from: 0) else { return nil }
            var problem = URLTextParts.Problem("the query: " + found.text)
            problem.byte = found.byte
            return problem
        }
        return problem ?? nil
    }

    /// What goes between the path (and any query) and the new query, and the offset the new query goes at.
    private func querySeparator() -> (separator: String, at: Int) {
        let utf8 = url.utf8
        let pathStart = utf8.index(utf8.startIndex, offsetBy: parts.pathStart)
        let hash = utf8.index(pathStart, offsetBy: parts.fragmentStart - parts.pathStart)
        let beforeFragment = utf8[pathStart..<hash]
        guard let questionMark = beforeFragment.firstIndex(of: UInt8(ascii: "?")) else {
            return ("?", parts.fragmentStart)
        }
        let isOpen = utf8.index(after: questionMark) == hash || beforeFragment.last == UInt8(ascii: "&")
        return (isOpen ? "" : "&", parts.fragmentStart)
    }
}
