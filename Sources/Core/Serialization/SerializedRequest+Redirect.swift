extension SerializedRequest {
    /// The request that follows a redirect response to this one, or `nil` when the response is not a redirect to
    /// follow: the rules curl and browsers apply (RFC 9110, section 15.4; Fetch, section 4.4), for any HTTP client.
    ///
    /// - `301`, `302`, `303`, `307` and `308` with a `Location` are followed; any other status (`300`, `304`,
    ///   `305`, …) and a redirect without `Location` give `nil`: the response is final.
    /// - `307` and `308` keep the method, the headers and the body, which is produced again from its start (a file
    ///   is read again and must be the one first read, a form is framed again), so the body must be
    ///   ``MessageBody/isReplayable``.
    /// - `301` and `302` after `POST`, and `303` after anything but `HEAD`, become `GET` without body,
    ///   `Content-Type`, `Content-Length` or `Content-Encoding`; other methods keep their body.
    /// - The `Location` is resolved against this request's URL by RFC 3986's reference resolution (section 5.2, the
    ///   rule ``RequestSerializer/baseURL`` follows; no Foundation `URL` is made); without a fragment of its own it
    ///   keeps this URL's (RFC 9110, section 10.2.2). User information in it is removed: credentials come from the
    ///   caller, never from a server. Only `http` and `https` targets are followed.
    /// - When the origin changes (``CrossOriginRedirect``: scheme, host or port), the
    ///   ``CrossOriginRedirect/credentialFields`` and a `Host` field are removed; a same-origin redirect keeps them.
    ///
    /// ```swift
    /// // In a loop that sends `request` and gets `response` (AsyncHTTPClient here):
    /// if let next = try request.redirected(
    ///     status: Int(response.status.code), location: response.headers.first(name: "Location")
    /// ) {
    ///     request = next  // and send again
    /// }
    /// ```
    ///
    /// RFC 9110, section 15.4 (Redirection 3xx): https://www.rfc-editor.org/rfc/rfc9110#section-15.4
    /// - Parameters:
    ///   - status: The response's status code.
    ///   - location: The response's `Location` as the client decoded it, or `nil` when there is none. Clients
    ///     (SwiftNIO, URLSession) read a byte that is not UTF-8 as U+FFFD, which loses the URL the server meant: a
    ///     `Location` holding U+FFFD is refused rather than followed to `%EF%BF%BD`.
    /// - Returns: The request to send next, or `nil` when the response is final.
    /// - Throws: ``SerializationError/Code/invalidURL`` for a `Location` that holds U+FFFD, is not a valid URL
    ///   reference, resolves to another scheme than `http` or `https`, or to a URL Wireform does not send (no host,
    ///   a port above 65535); ``SerializationError/Code/bodyAlreadyConsumed`` when the redirect needs the body
    ///   again and it is not replayable. Each message names this URL, the `Location`, and says the redirect was not
    ///   followed.
    public func redirected(status: Int, location: String?) throws(SerializationError) -> SerializedRequest? {
        guard [301, 302, 303, 307, 308].contains(status), let location else { return nil }
        let from = SerializationError.quoted(url)
        guard !location.unicodeScalars.contains("\u{FFFD}") else {
            throw SerializationError(
                .invalidURL, "The redirect from \(from) was not followed: its Location holds bytes that are not UTF-8")
        }
        func refused(_ reason: String) -> SerializationError {
            SerializationError(
                .invalidURL,
                "The redirect from \(from) to \(SerializationError.quoted(location)) was not followed: \(reason)")
        }
        // Non-ASCII text is percent-encoded as UTF-8 (as every URL Wireform sends); any other byte a URL cannot
        // carry (a space, a control byte, a bad `%` escape) makes the Location invalid.
        var reference = URLTextParts.percentEncodingNonASCII(location)
        // The byte check shared with every URL reads a buffer; `withUTF8` lends the string's bytes.
        if let problem = reference.withUTF8({ URLTextParts.firstBadByte(in: $0, from: 0) }) {
            throw refused("its Location is not a valid URL (\(problem.text))")
        }
        // The base is this URL without its fragment (RFC 3986, section 5.1).
        var resolved = URLReference(parsing: reference).resolved(
            against: URLReference(parsing: scheme + "://" + authority + target))
        let resolvedScheme = resolved.scheme.map { String(decoding: $0, as: UTF8.self).lowercased() }
        guard resolvedScheme == "http" || resolvedScheme == "https" else {
            throw refused("only http and https URLs can be followed")
        }
        if let userAndHost = resolved.authority, let at = userAndHost.lastIndex(of: UInt8(ascii: "@")) {
            resolved.authority = Array(userAndHost[(at + 1)...])
        }
        if resolved.fragment == nil, !fragment.isEmpty { resolved.fragment = Array(fragment.utf8.dropFirst()) }
        let checked: (text: String, parts: URLTextParts)
        do {
            checked = try URLTextParts.check(resolved.text)
        } catch {
            throw refused(error.reason)
        }
        var next = SerializedRequest(method: method, checkedURL: checked.text, parts: checked.parts, headers: headers)
        next.body = body
        if RedirectMethodRule.becomesGET(status: status, method: method.description) {
            next.method = .get
            next.body = nil
            for name in RedirectMethodRule.bodyFields { next.headers.removeValues(for: name) }
        } else if let body, !body.isReplayable {
            throw SerializationError(
                .bodyAlreadyConsumed,
                "The \(status) redirect to \(SerializationError.quoted(checked.text)) was not followed: the body "
                    + "cannot be read a second time"
            )
        }
        if !CrossOriginRedirect.isSameOrigin(self, next) {
            for name in CrossOriginRedirect.credentialFields + [.host] { next.headers.removeValues(for: name) }
        }
        return next
    }
}
