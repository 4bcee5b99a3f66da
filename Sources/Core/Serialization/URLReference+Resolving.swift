// RFC 3986, section 5.2: https://www.rfc-editor.org/rfc/rfc3986#section-5.2
extension URLReference {
    /// The target of this reference against a base, by RFC 3986's section 5.2.2 (transform references, the strict
    /// form: a reference with a scheme is absolute even when its scheme is the base's, so `http:g` stays `http:g`).
    ///
    /// A reference with a scheme or an authority keeps it and loses only its dot segments; an empty path takes the
    /// base's path (and its query when the reference has none); a path starting with `/` replaces the base's; any
    /// other path is merged with the base's (section 5.2.3) and its dot segments removed (section 5.2.4). The
    /// fragment is always the reference's.
    /// - Parameter base: The base: an absolute URI without a fragment (the caller checks it).
    /// - Returns: The target.
    func resolved(against base: URLReference) -> URLReference {
        var target = URLReference(path: [])
        if let scheme {
            target.scheme = scheme
            target.authority = authority
            target.path = Self.removingDotSegments(path)
            target.query = query
        } else {
            if let authority {
                target.authority = authority
                target.path = Self.removingDotSegments(path)
                target.query = query
            } else {
                if path.isEmpty {
                    target.path = base.path
                    target.query = query ?? base.query
                } else {
                    if path.first == UInt8(ascii: "/") {
                        target.path = Self.removingDotSegments(path)
                    } else {
                        target.path = Self.removingDotSegments(Self.merging(path, into: base))
                    }
                    target.query = query
                }
                target.authority = base.authority
            }
            target.scheme = base.scheme
        }
        target.fragment = fragment
        return target
    }

    /// A relative path merged with the base's, by RFC 3986's section 5.2.3: appended to `/` when the base has an
    /// authority and an empty path, otherwise to the base's path up to and including its last `/` (so the base's
    /// last segment, `d;p` in `http://a/b/c/d;p`, is replaced; a base path without `/` is replaced whole).
    static func merging(_ path: [UInt8], into base: URLReference) -> [UInt8] {
        if base.authority != nil && base.path.isEmpty {
            return [UInt8(ascii: "/")] + path
        }
        guard let lastSlash = base.path.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return Array(base.path[...lastSlash]) + path
    }

    /// A path without its `.` and `..` segments, by RFC 3986's section 5.2.4 (remove_dot_segments): the input is
    /// consumed from the left, a segment at a time, and a `..` takes back the last segment written.
    ///
    /// Only the literal segments `.` and `..` count; `%2E` is not a dot here (resolution does not decode).
    static func removingDotSegments(_ path: [UInt8]) -> [UInt8] {
        let slash = UInt8(ascii: "/")
        let dot = UInt8(ascii: ".")
        var input = path[...]
        var output: [UInt8] = []
        output.reserveCapacity(path.count)
        /// Whether the input starts with these bytes.
        func starts(with prefix: [UInt8]) -> Bool { input.starts(with: prefix) }
        /// Whether the input is exactly these bytes.
        func isExactly(_ bytes: [UInt8]) -> Bool { input.elementsEqual(bytes) }
        /// Removes the output's last segment and the `/` before it, if any.
        func removeLastSegment() {
            if let lastSlash = output.lastIndex(of: slash) {
                output.removeSubrange(lastSlash...)
            } else {
                output.removeAll(keepingCapacity: true)
            }
        }
        while !input.isEmpty {
            if starts(with: [dot, dot, slash]) {
                // A: a leading `../` goes.
                input = input.dropFirst(3)
            } else if starts(with: [dot, slash]) {
                // A: a leading `./` goes.
                input = input.dropFirst(2)
            } else if starts(with: [slash, dot, slash]) {
                // B: `/./` becomes `/`.
                input = input.dropFirst(2)
            } else if isExactly([slash, dot]) {
                // B: a final `/.` becomes `/`.
                input = input.prefix(1)
            } else if starts(with: [slash, dot, dot, slash]) {
                // C: `/../` becomes `/`, and the last segment written goes.
                input = input.dropFirst(3)
                removeLastSegment()
            } else if isExactly([slash, dot, dot]) {
                // C: a final `/..` becomes `/`, and the last segment written goes.
                input = input.prefix(1)
                removeLastSegment()
            } else if isExactly([dot]) || isExactly([dot, dot]) {
                // D: a lone `.` or `..` goes.
                input = input.dropFirst(input.count)
            } else {
                // E: the first segment, with its leading `/` if any, up to the next `/`, moves to the output.
                var end = input.startIndex
                if input[end] == slash { end += 1 }
                while end < input.endIndex, input[end] != slash { end += 1 }
                output.append(contentsOf: input[..<end])
                input = input[end...]
            }
        }
        return output
    }
}
