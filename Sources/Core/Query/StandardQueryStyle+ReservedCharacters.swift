extension StandardQueryStyle {
    /// Whether RFC 3986 reserved characters in values are percent-encoded (OpenAPI's `allowReserved`).
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    ///
    /// https://www.rfc-editor.org/rfc/rfc6570#section-3.2.3
    public struct ReservedCharacterEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case percentEncoded
            case allowed
        }

        let base: Base

        /// Every byte outside the query component set — RFC 3986 unreserved characters plus `/` and `?` — is escaped,
        /// in names and values (the default, OpenAPI `allowReserved: false`).
        ///
        /// This is AFNetworking's `AFPercentEscapedStringFromString` set and Alamofire's default
        /// `CharacterSet.afURLQueryAllowed`: the general delimiters `:#[]@` and the sub-delimiters `!$&'()*+,;=` are
        /// escaped, while `/` and `?`, which RFC 3986 section 3.4 allows as data in a query, stay literal. A space
        /// is `%20` unless the request's `spaceEncoding` is `.plus`.
        public static var percentEncoded: Self { Self(base: .percentEncoded) }

        /// OpenAPI `allowReserved: true`: in values (never in names), the reserved characters `:/?@!$'()*,;` stay
        /// literal and a percent-encoded triple such as `%2B` is passed through unchanged, as in RFC 6570 reserved
        /// expansion (`{+var}`).
        ///
        /// `#`, `[` and `]` are still escaped because RFC 3986 does not allow them in a query, and `&`, `=` and `+`
        /// because they would change the pairs a form reader sees (OpenAPI Appendix C and E ask the caller to
        /// escape these; Wireform does it so that no value can add a pair). A `%` that does not start a triple is
        /// `%25`.
        ///
        /// > Important: A value that holds `%41` is sent as `%41` and read back as `A`. Use this only for values
        /// > whose percent signs are meant as escapes.
        public static var allowed: Self { Self(base: .allowed) }

        /// The option's name, such as `percentEncoded`.
        package var description: String { base.rawValue }
    }
}

extension PercentEncoding.AllowedCharacters {
    /// The query component set plus the RFC 3986 reserved characters that keep their meaning in a form-style query:
    /// `:/?@!$'()*,;`. Used for values under ``StandardQueryStyle/ReservedCharacterEncoding/allowed``.
    public static let queryValueAllowingReserved = Self(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?:@!$'()*,;"
    )
}

extension EscapeTable {
    /// ``PercentEncoding/AllowedCharacters/queryValueAllowingReserved``'s table with `%20` spaces, allocated once.
    nonisolated(unsafe) static let queryValueReservedPercent20 = permanentCopy(
        of: PercentEncoding.AllowedCharacters.queryValueAllowingReserved.percent20Table)
    /// ``PercentEncoding/AllowedCharacters/queryValueAllowingReserved``'s table with `+` spaces, allocated once.
    nonisolated(unsafe) static let queryValueReservedPlus = permanentCopy(
        of: PercentEncoding.AllowedCharacters.queryValueAllowingReserved.plusTable)
}
