#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension RequestSerializer {
    /// Parses an absolute URL string.
    static func parseURL(_ string: String) throws(SerializationError) -> URL {
        guard let url = URL(string: string), url.scheme != nil else {
            throw SerializationError(
                .invalidURL, "Invalid URL \(SerializationError.quoted(string)): expected an absolute URL")
        }
        return url
    }

    /// Appends an encoded query: with `?` or `&`, before any fragment; an empty query changes nothing.
    static func appendingQuery(_ query: String, to url: URL) throws(SerializationError) -> URL {
        guard !query.isEmpty else { return url }
        var text = url.absoluteString
        var fragment = ""
        if let hash = text.firstIndex(of: "#") {
            fragment = String(text[hash...])
            text = String(text[..<hash])
        }
        if let questionMark = text.firstIndex(of: "?") {
            if text.index(after: questionMark) != text.endIndex && !text.hasSuffix("&") { text += "&" }
        } else {
            text += "?"
        }
        text += query + fragment
        guard let result = URL(string: text) else {
            throw SerializationError(
                .invalidURL, "Cannot append the query to URL \(SerializationError.quoted(url.absoluteString))")
        }
        return result
    }
}
