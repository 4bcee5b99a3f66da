extension StandardQueryStyle {
    /// Which RFC 3986 reserved characters are percent-encoded: all of them (``percentEncoded``), OpenAPI's
    /// `allowReserved` (``allowed``), or all but a chosen few (``allowing(_:)``, Alamofire's `allowedCharacters`).
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

        /// The default set with some RFC 3986 reserved characters left literal, in names and values (Alamofire's
        /// `allowedCharacters`): `try .allowing(":@,")` writes `at=10:30@home,x` where the default writes
        /// `at=10%3A30%40home%2Cx`.
        ///
        /// The characters that can be left literal are the reserved characters a query may hold without changing
        /// its pairs: `:`, `@`, `!`, `$`, `'`, `(`, `)`, `*`, `,` and `;`. The default set's characters (letters,
        /// digits, `-`, `.`, `_`, `~`, `/` and `?`) are literal already and are accepted without effect, so
        /// `try .allowing("")` and `try .allowing("/?")` are ``percentEncoded``. Unlike ``allowed``, a `%` is always
        /// escaped: the text is sent as it is, whatever it holds.
        /// - Parameter characters: The characters to leave literal.
        /// - Returns: The encoding.
        /// - Throws: ``SerializationError`` with ``SerializationError/Code/unsupportedValue`` naming the first
        ///   character that would change what the query says: `&` and `=` (they delimit pairs), `+` (form readers
        ///   read it as a space), `#` (it ends the query), `%` (it starts an escape), `[` and `]` (RFC 3986 does not
        ///   allow them in a query), a space (written as the request's `spaceEncoding` says), any other character
        ///   RFC 3986 does not allow in a URL (`"`, `<`, `>`, `\`, `^`, `{`, `|`, `}` and the backtick), a
        ///   control character, and any non-ASCII character (always escaped as its UTF-8 bytes).
        public static func allowing(_ characters: String) throws(SerializationError) -> Self {
            var literal = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/?"
            var addsAny = false
            for scalar in characters.unicodeScalars {
                if let reason = refusal(for: scalar) {
                    throw SerializationError(
                        .unsupportedValue,
                        "A query cannot leave \(SerializationError.quoted(String(scalar))) unescaped: \(reason)")
                }
                if !PercentEncoding.AllowedCharacters.queryComponent.contains(UInt8(scalar.value)) {
                    literal.unicodeScalars.append(scalar)
                    addsAny = true
                }
            }
            guard addsAny else { return .percentEncoded }
            return Self(base: .allowing, tables: AllowedByteTables(PercentEncoding.AllowedCharacters(literal)))
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
            case ":", "@", "!", "$", "'", "(", ")", "*", ",", ";": return nil
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { return "it is a control character" }
                if scalar.value >= 0x80 { return "a non-ASCII character is always escaped as its UTF-8 bytes" }
                if PercentEncoding.AllowedCharacters.queryComponent.contains(UInt8(scalar.value)) { return nil }
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
    /// What each byte becomes with `%20` spaces.
    let percent20: UnsafePointer<UInt32>
    /// What each byte becomes with `+` spaces.
    let plus: UnsafePointer<UInt32>

    init(_ characters: PercentEncoding.AllowedCharacters) {
        self.characters = characters
        // The same copies the built-in sets keep for the process; these are freed in `deinit`.
        percent20 = EscapeTable.permanentCopy(of: characters.percent20Table)
        plus = EscapeTable.permanentCopy(of: characters.plusTable)
    }

    deinit {
        UnsafeMutablePointer(mutating: percent20).deallocate()
        UnsafeMutablePointer(mutating: plus).deallocate()
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
    /// ``PercentEncoding/AllowedCharacters/queryValueAllowingReserved``'s table with `%20` spaces, allocated once.
    nonisolated(unsafe) static let queryValueReservedPercent20 = permanentCopy(
        of: PercentEncoding.AllowedCharacters.queryValueAllowingReserved.percent20Table)
    /// ``PercentEncoding/AllowedCharacters/queryValueAllowingReserved``'s table with `+` spaces, allocated once.
    nonisolated(unsafe) static let queryValueReservedPlus = permanentCopy(
        of: PercentEncoding.AllowedCharacters.queryValueAllowingReserved.plusTable)
}
