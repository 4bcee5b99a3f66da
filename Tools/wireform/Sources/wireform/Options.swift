import Wireform

/// Everything the command line asked for, checked for shape (names, `NAME=VALUE` forms) but not yet given to
/// Wireform, which validates methods, URLs, headers and media types itself.
struct Options: Sendable {
    /// Where `--params` comes from.
    enum ParamsSource: Sendable, Equatable {
        /// `--params JSON`.
        case inline(String)
        /// `--params-file PATH`; `-` is standard input.
        case file(RawPath)
    }

    var method = ""
    var url = ""
    var params: ParamsSource?
    var format: BodyFormat?
    var contentType: String?
    var queryStyle = QueryStyleName.brackets
    /// `--bool`; `nil` when not given (``QueryStyleName/defaultBools`` applies).
    var bools: BoolName?
    var keyOrder = KeyOrderName.sorted
    /// `--allow-reserved`: RFC 3986 reserved characters in query values stay literal (OpenAPI `allowReserved`).
    var allowsReserved = false
    var headers: [(name: String, value: String)] = []
    /// `--path-param NAME=JSON`, in command-line order: values for the URL's template variables.
    var pathParameters: [(name: String, value: ParameterValue)] = []
    var basic: (user: String, password: String)?
    var bearer: String?
    var formParts: [FormPartSpec] = []
    var boundary: String?
    var uriMethods: [String]?
    var includesDefaultHeaders = true
    /// `-o PATH`, as the bytes given.
    var outputPath: RawPath?
    var isBodyOnly = false
    var sends = false
    /// `--timeout`: how long `--send` waits without any progress before giving up, in seconds.
    var timeout: Double = 60
    /// `--follow`: `--send` follows redirects (at most ``maxRedirects``).
    var follows = false
    /// `--max-redirects`: how many redirects `--follow` follows before giving up.
    var maxRedirects = 10
    /// `--progress` (`true`), `--no-progress` (`false`), or neither (`nil`: shown when standard error is a terminal).
    var progress: Bool?
    /// `--cacert`: the PEM file whose certificates `--send` trusts over https instead of the system's.
    var caCertificatePath: String?
    /// `-k`/`--insecure`: `--send` does not verify the server's certificate.
    var insecure = false
    /// `--proxy`: the HTTP proxy `--send` goes through instead of the environment's.
    var proxy: String?

    /// The shortest `--timeout`, in seconds: URLSession counts milliseconds.
    static let minimumTimeout = 0.001
    /// The longest `--timeout`, in seconds (about 11 days): larger values make URLSession trap on Linux.
    static let maximumTimeout = 1_000_000.0

    /// Whether the body is multipart: `--format multipart`, or any `--field` or `--file`.
    var isMultipart: Bool { format == .multipart || !formParts.isEmpty }

    /// The options that set the `Authorization` header, by their long names.
    var authorizationOptions: [String] {
        (basic != nil ? ["--basic"] : []) + (bearer != nil ? ["--bearer"] : [])
            + (headers.contains { $0.name.lowercased() == "authorization" } ? ["--header"] : [])
    }
}

/// The text without leading and trailing spaces and tabs.
func trimmingSpaces(_ text: Substring) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
}
