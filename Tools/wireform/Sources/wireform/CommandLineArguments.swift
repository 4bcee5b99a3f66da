import ArgumentParser

/// The command line, each option declared once with its help and its type: swift-argument-parser reads the values
/// (strings from ``ArgumentBytes``) and checks each where it is declared, through ``OptionChoice`` types or an
/// ``ArgumentValue`` transform whose error says what is wrong; ``validate()`` checks the rules between options.
///
/// Options that take one value are arrays so that a second one is a usage error (``validate()``) instead of silently
/// replacing the first; ``RepeatableValue`` types mark the options that may be given again. Every option takes the
/// next argument as its value, whatever it looks like (`--timeout -1`).
struct CommandLineArguments: ParsableArguments {
    @Argument(
        help: .init(
            "the HTTP method, such as GET, POST or PATCH (an RFC 9110 token, kept as written)", valueName: "METHOD"),
        transform: ArgumentValue.text)
    var method: String?
    @Argument(
        help: .init(
            "an absolute URL; an existing query is kept and the parameters are appended. User information "
                + "(http://user:pw@host/) becomes an Authorization: Basic header, printed and sent alike, and is "
                + "removed from the URL and Host",
            valueName: "URL"),
        transform: ArgumentValue.text)
    var url: String?

    /// Arguments after METHOD and URL, which ``validate()`` refuses with its own message.
    @Argument(help: .hidden)
    var unexpected: [String] = []

    @Option(
        "parameters as JSON. true/false are booleans, null is the null value. Tagged objects: {\"$set\": [...]} "
            + "a set, {\"$data_base64\": \"...\"} raw data, {\"$date\": \"ISO-8601\"} a date. Object keys keep "
            + "their order; integers stay integers and decimals keep every digit (at most 38 significant digits).",
        "JSON", name: [.customShort("p", allowingJoined: true), .long], transform: ArgumentValue.text)
    var params: [String] = []
    @Option(
        "the same from a file (\"-\" = standard input), read as it streams; at most 1 GiB (set "
            + "WIREFORM_MAX_PARAMS_BYTES to change it), so that an endless source fails instead of filling memory",
        "PATH", completion: .file(), transform: ArgumentValue.path)
    var paramsFile: [RawPath] = []
    @Option(
        "\(BodyFormat.names) (default form)", "NAME", name: [.customShort("f", allowingJoined: true), .long],
        completion: BodyFormat.completion, transform: BodyFormat.parse)
    var format: [BodyFormat] = []
    @Option(
        "choose the body serializer through the registry by media type (e.g. application/vnd.api+json); "
            + "overrides --format. The request is sent with this Content-Type.", "TYPE",
        name: [.customShort("t", allowingJoined: true), .long], transform: ArgumentValue.text)
    var contentType: [String] = []
    @Option(
        "\(QueryStyleName.names) (default brackets; for the URL query, form bodies and multipart field names). "
            + "The last four are OpenAPI's form (explode true/false), spaceDelimited and pipeDelimited: "
            + "k=a&k=b, k=a,b, k=a%20b, k=a%7Cb; a dictionary as R=1&G=2 (form) or k=R,1,G,2; null and empty "
            + "containers as k=", "NAME", completion: QueryStyleName.completion, transform: QueryStyleName.parse)
    var queryStyle: [QueryStyleName] = []
    @Option(
        "\(BoolName.names): booleans as 1/0 or true/false in queries and forms (default literal for the four "
            + "OpenAPI styles above, numeric otherwise; OpenAPI deep-object servers usually want literal)", "NAME",
        completion: BoolName.completion, transform: BoolName.parse)
    var bool: [BoolName] = []
    @Option(
        "\(KeyOrderName.names) (default sorted, by UTF-8 bytes; insertion: as written in --params): the order of "
            + "dictionary keys in queries, forms, JSON, property lists and multipart", "NAME",
        completion: KeyOrderName.completion, transform: KeyOrderName.parse)
    var keyOrder: [KeyOrderName] = []
    @Flag(
        help: .init(
            "keep RFC 3986 reserved characters :/?@!$'()*,; and %XX escapes literal in query and form values "
                + "(OpenAPI allowReserved); # [ ] & = + are still escaped"))
    var allowReserved = false
    @Option(
        "a value for the URL template's variable NAME (repeatable): the URL is an RFC 6570 template, expanded "
            + "before it is parsed, such as 'https://api.example.com/users/{id}' or "
            + "'.../items{;filter*}{?fields}'. Each value is escaped so it never adds '/', '?' or '#' (except "
            + "with the {+x} and {#x} operators); strings, numbers, booleans, arrays and objects are "
            + "simple/label/matrix/form values, null leaves a variable out", "NAME=JSON",
        transform: PathParameterOption.parse)
    var pathParam: [PathParameterOption.Value] = []
    @Option(
        "a request header (repeatable). A Content-Type header is sent as written (it need not be a media type) "
            + "and picks the format registered for it, if any, else --format's; Content-Length must be the "
            + "body's; Transfer-Encoding is refused", "Name: value",
        name: [.customShort("H", allowingJoined: true), .long], transform: ArgumentValue.header)
    var header: [ArgumentValue.Header] = []
    @Option(
        "Basic authorization (the user name ends at the first ':')", "USER:PASSWORD",
        transform: { ArgumentValue.Secret(given: $0) })
    var basic: [ArgumentValue.Secret] = []
    @Option("Bearer authorization", "TOKEN", transform: { ArgumentValue.Secret(given: $0) })
    var bearer: [ArgumentValue.Secret] = []
    @Option(
        "a multipart text part (repeatable; implies --format multipart)", "NAME=VALUE", transform: PartArgument.field)
    var field: [PartArgument] = []
    @Option(
        "a multipart file part, streamed from PATH (repeatable; implies --format multipart). filename= "
            + "defaults to the file's name; type= is sent as written (control characters refused), by default "
            + "a type guessed from the extension. Parts: --params first (named by --query-style), then --field "
            + "and --file in command-line order. PATH is used as the exact bytes given; if its last component "
            + "is not UTF-8, ;filename=NAME is required", "NAME=@PATH[;filename=NAME][;type=MIME]",
        transform: PartArgument.file)
    var file: [PartArgument] = []
    @Option(
        "a fixed multipart boundary (reproducible output); no part may then hold CRLF--STRING: an error naming "
            + "the part, before anything is written for fields and --params, as soon as it streams for files", "STRING",
        transform: ArgumentValue.text)
    var boundary: [String] = []
    @Option(
        "methods whose parameters go in the URL (default GET,HEAD,DELETE)", "LIST", transform: ArgumentValue.methods)
    var uriMethods: [[String]] = []
    @Flag(help: "leave out Accept-Language and User-Agent")
    var noDefaultHeaders = false
    @Option(
        "write to PATH instead of standard output (\"-\" = standard output). A regular file is written under a "
            + "temporary name beside PATH (on Linux, with no name at all until it is complete) and renamed over "
            + "PATH only when everything was written; if wireform fails or is interrupted, PATH is left as it "
            + "was. An existing FIFO, device or socket is written in place and never removed. PATH may not be a "
            + "directory, a dangling symbolic link or one of the input files (--file, --params-file)", "PATH",
        name: [.customShort("o", allowingJoined: true), .long], completion: .file(), transform: ArgumentValue.path)
    var output: [RawPath] = []
    @Flag(help: "write only the body bytes")
    var bodyOnly = false
    @Flag(
        help: .init(
            "send the request (http:// or https://, HTTP/2 where a TLS server offers it) and print the response: "
                + "status line and headers, then the body. The server receives exactly the offline output's bytes: "
                + "nothing is added or rewritten, and the body is streamed with the printed Content-Length"))
    var send = false
    @Option(
        "with --send: give up after this long without any progress (default 60): no byte of the body written, "
            + "no response head or body read; interim 1xx responses are no progress, so they are bounded by it",
        "SECONDS",
        transform: ArgumentValue.seconds)
    var timeout: [Double] = []
    @Flag(
        name: [.customShort("L"), .long],
        help: .init(
            "with --send: follow 301, 302, 303, 307 and 308 redirects (not followed by default; the 3xx is "
                + "printed). 307/308 resend the same method and body; 301/302 after POST and 303 become GET "
                + "without body. Authorization, Proxy-Authorization, Cookie and -H Host are dropped when the origin "
                + "(scheme, host or port) changes. Only the final response is printed"))
    var follow = false
    @Option(
        "with --follow: at most N redirects in a row (default 10)", "N", transform: ArgumentValue.redirectCount)
    var maxRedirects: [Int] = []
    @Option(
        "trust this PEM file's certificates instead of the system's, for --send over https", "PATH",
        completion: .file(), transform: ArgumentValue.textPath)
    var cacert: [String] = []
    @Flag(
        name: [.customShort("k"), .long],
        help: "do not verify the server's certificate for --send over https (testing only)")
    var insecure = false
    @Option(
        "with --send: go through this proxy (http://host:port or socks5://host:port; '' for none) instead of "
            + "http_proxy / https_proxy (no_proxy is honoured)", "URL", transform: ArgumentValue.text)
    var proxy: [String] = []
    @Flag(
        help: .init(
            "show a progress line on standard error for a long --send or -o body (default: only when standard "
                + "error is a terminal and the body is 1 MiB or more)"))
    var progress = false
    @Flag(help: "never show the progress line")
    var noProgress = false
}

extension Option {
    /// An option that takes the next argument as its value whatever it looks like (`--timeout -1`), as many times
    /// as it is given, each typed and checked by `transform`: `help` and `valueName` for `--help`, `name` (default:
    /// the property's name) and `completion` as swift-argument-parser's own initializer takes them.
    init<Element>(
        wrappedValue: [Element], _ help: String, _ valueName: String, name: NameSpecification = .long,
        completion: CompletionKind? = nil, transform: @Sendable @escaping (String) throws -> Element
    ) where Value == [Element] {
        self.init(
            wrappedValue: wrappedValue, name: name, parsing: .unconditionalSingleValue,
            help: ArgumentHelp(help, valueName: valueName), completion: completion, transform: transform)
    }
}
