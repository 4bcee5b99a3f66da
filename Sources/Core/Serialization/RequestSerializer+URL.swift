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
    ///
    /// The URL's text is searched byte by byte (never by `Character`) and the new text is built once.
    static func appendingQuery(_ query: String, to url: URL) throws(SerializationError) -> URL {
        guard !query.isEmpty else { return url }
        let text = url.absoluteString
        let utf8 = text.utf8
        let hash = utf8.firstIndex(of: UInt8(ascii: "#")) ?? utf8.endIndex
        let beforeFragment = utf8[..<hash]
        var joined = ""
        joined.reserveCapacity(utf8.count + query.utf8.count + 1)
        joined += Substring(beforeFragment)
        if let questionMark = beforeFragment.firstIndex(of: UInt8(ascii: "?")) {
            if utf8.index(after: questionMark) != hash && beforeFragment.last != UInt8(ascii: "&") { joined += "&" }
        } else {
            joined += "?"
        }
        joined += query
        joined += Substring(utf8[hash...])
        guard let result = URL(string: joined) else {
            throw SerializationError(
                .invalidURL, "Cannot append the query to URL \(SerializationError.quoted(url.absoluteString))")
        }
        return result
    }
}
