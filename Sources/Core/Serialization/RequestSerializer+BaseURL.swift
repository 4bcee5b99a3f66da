extension RequestSerializer {
    /// A request's URL text, resolved against ``baseURL`` when one is set, and checked.
    ///
    /// Without a base the text is checked as it is (it must be absolute). With one, the base is checked (absolute,
    /// no fragment), the reference's own bytes are checked (a space or a bad `%` escape is refused even where dot
    /// segments would drop it), the reference is resolved by RFC 3986's section 5.2, and the target is checked as
    /// every URL is.
    /// - Parameter reference: The URL text the caller gave.
    /// - Returns: The URL text to send and its parts.
    /// - Throws: ``SerializationError/Code/invalidURL`` naming the base, the reference, or the resolved URL and
    ///   where it came from.
    func checkedURL(_ reference: String) throws(SerializationError) -> (text: String, parts: URLTextParts) {
        guard let baseURL else { return try URLTextParts.check(reference) }
        let (baseText, baseParts) = try URLTextParts.check(try baseURL.requestURL(), name: "base URL")
        guard baseParts.fragmentStart == baseText.utf8.count else {
            throw SerializationError(
                .invalidURL,
                "Invalid base URL \(SerializationError.quoted(baseText)): a base URL cannot have a fragment "
                    + "(RFC 3986, section 5.1)"
            )
        }
        if let problem = Self.referenceProblem(reference) {
            throw SerializationError(
                .invalidURL, "Invalid URL \(SerializationError.quoted(reference)): \(problem.text)")
        }
        let target = URLReference(parsing: reference).resolved(against: URLReference(parsing: baseText)).text
        let origin =
            target == reference
            ? ""
            : " (\(SerializationError.quoted(reference)) resolved against the base URL "
                + "\(SerializationError.quoted(baseText)))"
        return try URLTextParts.check(target, origin: origin)
    }

    /// The first byte of a reference that a URL cannot carry (a space, a control byte, a `%` without two hex
    /// digits), or `nil`. Non-ASCII text is not a problem: it is percent-encoded once the URL is resolved.
    private static func referenceProblem(_ reference: String) -> URLTextParts.Problem? {
        var encoded = URLTextParts.percentEncodingNonASCII(reference)
        // The byte check shared with every URL and query check reads a buffer; `withUTF8` lends the string's bytes.
        return encoded.withUTF8 { URLTextParts.firstBadByte(in: $0, from: 0) }
    }
}
