extension StandardQueryStyle {
    /// Which RFC 3986 reserved characters are percent-encoded: all but `/` and `?` (``percentEncoded``, the
    /// default), OpenAPI's `allowReserved` (``allowed``), or all but the ones the caller names (``allowing(_:)``,
    /// Alamofire's `allowedCharacters`). Unreserved characters are never escaped; everything else always is.
    ///
    /// A struct with static members rather than an enum, so that new options can be added in a minor release;
    /// compare with `==` (a `switch` needs a `default:`).
    ///
    /// https://www.rfc-editor.org/rfc/rfc6570#section-3.2.3
    public struct ReservedCharacterEncoding: Sendable, Hashable {
        enum Base: String, Sendable, Hashable {
            case percentEncoded
            case allowed
            case allowing
        }

        let base: Base
        /// The escape tables of ``allowing(_:)``; `nil` for the named encodings.
        let tables: AllowedByteTables?

        init(base: Base, tables: AllowedByteTables? = nil) {
            self.base = base
            self.tables = tables
        }

        /// Every byte outside the query component set — RFC 3986 unreserved characters plus `/` and `?` — is escaped,
        /// in names and values (the default, OpenAPI `allowReserved: false`).
        ///
        /// This is AFNetworking's `AFPercentEscapedStringFromString` set and Alamofire's default
        /// `CharacterSet.afURLQueryAllowed`: the general delimiters `:#[]@` and the sub-delimiters `!$&'()*+,;=` are
        /// escaped, while `/` and `?`, which RFC 3986 section 3.4 allows as data in a query, stay literal. A space
        /// is `%20` unless the request's `spaceEncoding` is `.plus`. It equals `try .allowing("/?")`; to escape `/`
        /// and `?` as well, use `try .allowing("")`.
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

        /// Exactly the named reserved characters left literal, in names and values; every other byte that is not an
        /// RFC 3986 unreserved character is percent-escaped (Alamofire's `URLEncodedFormEncoder(allowedCharacters:)`,
        /// AFNetworking's escaping set). The caller names the whole set, so it can escape more than the default
        /// (``percentEncoded``, which is `try .allowing("/?")`) or fewer:
        ///
        /// ```swift
        /// let strict = StandardQueryStyle(reservedCharacters: try .allowing(""))
        /// try strict.queryString(for: ["next": "/a?b"])  // "next=%2Fa%3Fb" (RFC 3986 / OAuth 1.0 escaping)
        /// let relaxed = StandardQueryStyle(reservedCharacters: try .allowing(":@,/?"))
        /// try relaxed.queryString(for: ["at": "10:30@home,x"])  // "at=10:30@home,x"
        /// ```
        ///
        /// - The reserved characters that can be named are those a query may hold without changing its pairs: `/`,
        ///   `?`, `:`, `@`, `!`, `$`, `'`, `(`, `)`, `*`, `,` and `;`. An unnamed one is escaped (`/` is `%2F`).
        /// - The unreserved characters (letters, digits, `-`, `.`, `_`, `~`) are always literal, named or not:
        ///   RFC 3986 section 2.3 makes an escaped one equal to the literal one and asks producers not to escape
        ///   them, and numbers and array indices are written with them. Naming them has no effect.
        /// - Everything else is always escaped: a non-ASCII character as its UTF-8 bytes (`é` is `%C3%A9`), raw data
        ///   byte by byte, a space as the request's `spaceEncoding` says, and `%` even before hex digits (unlike
        ///   ``allowed``, the text is sent as it is, whatever it holds), so every query written reads back as the
        ///   pairs that were written.
        ///
        /// A `,` named here stays literal in names and values, but not inside the items of a comma-delimited list
        /// (``ArrayEncoding/commaDelimited``, ``NestingEncoding/commaDelimited``): there it is escaped, so that a
        /// reader can tell it from the delimiter (`l=a%2Cb,c` for `["a,b", "c"]`).
        /// - Parameter characters: The reserved characters to leave literal; unreserved characters among them have
        ///   no effect.
        /// - Returns: The encoding; ``percentEncoded`` when the set is the default's.
        /// - Throws: ``SerializationError`` with ``SerializationError/Code/unsupportedValue`` naming the first
        ///   character that would change what the query says: `&` and `=` (they delimit pairs), `+` (form readers
        ///   read it as a space), `#` (it ends the query), `%` (it starts an escape), `[` and `]` (RFC 3986 does not
        ///   allow them in a query), a space (written as the request's `spaceEncoding` says), any other character
        ///   RFC 3986 does not allow in a URL (`"`, `<`, `>`, `\`, `^`, `{`, `|`, `}` and the backtick), a
        ///   control character, and any non-ASCII character (always escaped as its UTF-8 bytes).
        public static func allowing(_ characters: String) throws(SerializationError) -> Self {
            var literal = PercentEncoding.AllowedCharacters.unreservedCharacters
            for scalar in characters.unicodeScalars {
                if let reason = refusal(for: scalar) {
                    throw SerializationError(
                        .unsupportedValue,
                        "A query cannot leave \(SerializationError.quoted(String(scalar))) unescaped: \(reason)")
                }
                literal.unicodeScalars.append(scalar)
            }
            let allowed = PercentEncoding.AllowedCharacters(literal)
            guard allowed != .queryComponent else { return .percentEncoded }
            return Self(base: .allowing, tables: AllowedByteTables(allowed))
        }

        /// Why a character cannot be left literal in a query, or `nil` when it can.
        private static func refusal(for scalar: Unicode.Scalar) -> String? {
            switch scalar {
            case "&": return "it separates pairs"
            case "=": return "it separates a name from its value"
            case "+": return "form readers read it as a space"
            case "#": return "it ends the query"
            case "%": return "it starts a percent-encoded byte"
            case "[", "]": return "RFC 3986 does not allow it in a query"
            case " ": return "a space is written as the request's spaceEncoding says"
            case "/", "?", ":", "@", "!", "$", "'", "(", ")", "*", ",", ";": return nil
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { return "it is a control character" }
                if scalar.value >= 0x80 { return "a non-ASCII character is always escaped as its UTF-8 bytes" }
                if PercentEncoding.AllowedCharacters.unreserved.contains(UInt8(scalar.value)) { return nil }
                return "RFC 3986 does not allow it in a URL"
            }
        }

        /// The option's name, such as `percentEncoded`.
        package var description: String { base.rawValue }
    }
}

/// The escape tables of ``StandardQueryStyle/ReservedCharacterEncoding/allowing(_:)``, built once and freed with the
/// last encoding that holds them; equal when they allow the same bytes.
final class AllowedByteTables: @unchecked Sendable, Hashable {
    // Unchecked: the tables are written once, in `init`, and only read afterwards.
    /// The bytes written literally.
    let characters: PercentEncoding.AllowedCharacters
    // Pointers from EscapeTable.permanentCopy(of:): per-byte loads without bounds checks; freed in `deinit`.
    /// What each byte becomes with `%20` spaces.
    let percent20: UnsafePointer<UInt32>
    /// What each byte becomes with `+` spaces.
    let plus: UnsafePointer<UInt32>
    /// The tables for the items of a comma-delimited list, with `,` escaped, so that an item's comma is never read
    /// as the delimiter; `nil` when the set escapes `,` already.
    let commaEscaping: (percent20: UnsafePointer<UInt32>, plus: UnsafePointer<UInt32>)?  // Same, `,` escaped.

    init(_ characters: PercentEncoding.AllowedCharacters) {
        self.characters = characters
        // The same copies the built-in sets keep for the process; these are freed in `deinit`.
        percent20 = EscapeTable.permanentCopy(of: characters.percent20Table)
        plus = EscapeTable.permanentCopy(of: characters.plusTable)
        if characters.contains(UInt8(ascii: ",")) {
            let items = characters.removing(UInt8(ascii: ","))
            commaEscaping = (
                EscapeTable.permanentCopy(of: items.percent20Table), EscapeTable.permanentCopy(of: items.plusTable)
            )
        } else {
            commaEscaping = nil
        }
    }

    deinit {
        // Allocated in init and owned here; sinks that point into them hold this object, so none outlives it.
        UnsafeMutablePointer(mutating: percent20).deallocate()
        UnsafeMutablePointer(mutating: plus).deallocate()
        if let commaEscaping {
            UnsafeMutablePointer(mutating: commaEscaping.percent20).deallocate()
            UnsafeMutablePointer(mutating: commaEscaping.plus).deallocate()
        }
    }

    static func == (lhs: AllowedByteTables, rhs: AllowedByteTables) -> Bool { lhs.characters == rhs.characters }

    func hash(into hasher: inout Hasher) { hasher.combine(characters) }
}

extension PercentEncoding.AllowedCharacters {
    /// The query component set plus the RFC 3986 reserved characters that keep their meaning in a form-style query:
    /// `:/?@!$'()*,;`. Used for values under ``StandardQueryStyle/ReservedCharacterEncoding/allowed``.
    public static let queryValueAllowingReserved = Self(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?:@!$'()*,;"
    )
}

extension EscapeTable {
    // nonisolated(unsafe): a pointer is not Sendable; set once (a lazy static's init is thread-safe), then only read.
    /// ``PercentEncoding/AllowedCharacters/queryValueAllowingReserved``'s table with `%20` spaces, allocated once.
    nonisolated(unsafe) static let queryValueReservedPercent20 = permanentCopy(
        of: PercentEncoding.AllowedCharacters.queryValueAllowingReserved.percent20Table)
    /// ``PercentEncoding/AllowedCharacters/queryValueAllowingReserved``'s table with `+` spaces, allocated once.
    nonisolated(unsafe) static let queryValueReservedPlus = permanentCopy(  // Same as above.
        of: PercentEncoding.AllowedCharacters.queryValueAllowingReserved.plusTable)
}
