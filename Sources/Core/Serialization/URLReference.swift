/// A URI reference split into RFC 3986's five components, each kept as the bytes written (no decoding), and put back
/// together as text.
///
/// The split is RFC 3986's Appendix B (section 5.2.1 uses it): a scheme is what comes before the first `:` when no
/// `/`, `?` or `#` comes earlier; an authority follows `//`; the path runs to `?` or `#`; the query to `#`. A
/// component that is absent (`nil`) differs from one that is present and empty: `http://a/b?` has an empty query.
///
/// ``resolved(against:)`` is RFC 3986's reference resolution (section 5.2, in URLReference+Resolving.swift).
///
/// RFC 3986, Uniform Resource Identifier (URI): Generic Syntax:
/// https://www.rfc-editor.org/rfc/rfc3986#section-5
struct URLReference: Hashable, Sendable {
    /// The scheme, without its `:`, or `nil` for a relative reference.
    var scheme: [UInt8]?
    /// The authority, without its `//`, or `nil` when there is no `//`.
    var authority: [UInt8]?
    /// The path, possibly empty (a path is always present).
    var path: [UInt8]
    /// The query, without its `?`, or `nil` when there is no `?`.
    var query: [UInt8]?
    /// The fragment, without its `#`, or `nil` when there is no `#`.
    var fragment: [UInt8]?

    /// Components already split.
    init(
        scheme: [UInt8]? = nil,
        authority: [UInt8]? = nil,
        path: [UInt8],
        query: [UInt8]? = nil,
        fragment: [UInt8]? = nil
    ) {
        self.scheme = scheme
        self.authority = authority
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// Splits text by RFC 3986's Appendix B: `^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`.
    ///
    /// Every text splits (the pattern matches any string); whether the parts are valid is checked elsewhere.
    /// - Parameter text: The reference's text.
    init(parsing text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        // Scheme: one or more bytes other than `:/?#`, then `:`.
        var end = 0
        while end < bytes.count, !Self.endsScheme(bytes[end]) { end += 1 }
        if end > 0, end < bytes.count, bytes[end] == UInt8(ascii: ":") {
            scheme = Array(bytes[..<end])
            index = end + 1
        }
        if bytes.count - index >= 2, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let start = index + 2
            index = start
            while index < bytes.count, !Self.endsAuthority(bytes[index]) { index += 1 }
            authority = Array(bytes[start..<index])
        }
        let pathStart = index
        while index < bytes.count, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        path = Array(bytes[pathStart..<index])
        if index < bytes.count, bytes[index] == UInt8(ascii: "?") {
            let start = index + 1
            index = start
            while index < bytes.count, bytes[index] != UInt8(ascii: "#") { index += 1 }
            query = Array(bytes[start..<index])
        }
        if index < bytes.count {
            // Only a `#` stops the query: what follows it, to the end, is the fragment.
            fragment = Array(bytes[(index + 1)...])
        }
    }

    /// The text, put back together by RFC 3986's section 5.3 (recomposition): `scheme:`, `//authority`, the path,
    /// `?query`, `#fragment`, each only when present.
    var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(
            (scheme?.count ?? 0) + (authority?.count ?? 0) + path.count + (query?.count ?? 0) + (fragment?.count ?? 0)
                + 6)
        if let scheme {
            bytes.append(contentsOf: scheme)
            bytes.append(UInt8(ascii: ":"))
        }
        if let authority {
            bytes.append(contentsOf: [UInt8(ascii: "/"), UInt8(ascii: "/")])
            bytes.append(contentsOf: authority)
        }
        bytes.append(contentsOf: path)
        if let query {
            bytes.append(UInt8(ascii: "?"))
            bytes.append(contentsOf: query)
        }
        if let fragment {
            bytes.append(UInt8(ascii: "#"))
            bytes.append(contentsOf: fragment)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether the byte ends a scheme candidate: `:`, `/`, `?` or `#`.
    private static func endsScheme(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || endsAuthority(byte)
    }

    /// Whether the byte ends an authority: `/`, `?` or `#`.
    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
