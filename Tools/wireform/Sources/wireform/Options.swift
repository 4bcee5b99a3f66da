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

    /// What the invocation does.
    enum Action: Sendable, Equatable {
        case run
        case help
        case version
    }

    var action = Action.run
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
    /// `--cacert PATH`: `--send` trusts the certificate authorities in this PEM file instead of the system's.
    var caCertificatePath: String?
    /// `-k` / `--insecure`: `--send` does not check the server's TLS certificate.
    var insecure = false
    /// `--proxy URL`: the proxy `--send` goes through, instead of `http_proxy` / `https_proxy`.
    var proxy: String?

    /// The shortest `--timeout`, in seconds: URLSession counts milliseconds.
    static let minimumTimeout = 0.001
    /// The longest `--timeout`, in seconds (about 11 days): larger values make URLSession trap on Linux.
    static let maximumTimeout = 1_000_000.0

    /// Whether the body is multipart: `--format multipart`, or any `--field` or `--file`.
    var isMultipart: Bool { format == .multipart || !formParts.isEmpty }

    static let parser = ArgumentParser(options: [
        .init(long: "params", short: "p", takesValue: true),
        .init(long: "params-file", short: nil, takesValue: true),
        .init(long: "format", short: "f", takesValue: true),
        .init(long: "content-type", short: "t", takesValue: true),
        .init(long: "query-style", short: nil, takesValue: true),
        .init(long: "bool", short: nil, takesValue: true),
        .init(long: "key-order", short: nil, takesValue: true),
        .init(long: "allow-reserved", short: nil, takesValue: false),
        .init(long: "header", short: "H", takesValue: true),
        .init(long: "path-param", short: nil, takesValue: true),
        .init(long: "basic", short: nil, takesValue: true),
        .init(long: "bearer", short: nil, takesValue: true),
        .init(long: "field", short: nil, takesValue: true),
        .init(long: "file", short: nil, takesValue: true),
        .init(long: "boundary", short: nil, takesValue: true),
        .init(long: "uri-methods", short: nil, takesValue: true),
        .init(long: "no-default-headers", short: nil, takesValue: false),
        .init(long: "output", short: "o", takesValue: true),
        .init(long: "body-only", short: nil, takesValue: false),
        .init(long: "send", short: nil, takesValue: false),
        .init(long: "timeout", short: nil, takesValue: true),
        .init(long: "follow", short: "L", takesValue: false),
        .init(long: "max-redirects", short: nil, takesValue: true),
        .init(long: "progress", short: nil, takesValue: false),
        .init(long: "no-progress", short: nil, takesValue: false),
        .init(long: "cacert", short: nil, takesValue: true),
        .init(long: "insecure", short: "k", takesValue: false),
        .init(long: "proxy", short: nil, takesValue: true),
        .init(long: "help", short: "h", takesValue: false),
        .init(long: "version", short: nil, takesValue: false),
    ])

    /// The options whose values are file paths, or hold one (`--file NAME=@PATH`), kept as bytes; every other
    /// value must be UTF-8 text.
    static let pathOptions: Set<String> = ["params-file", "output", "file"]

    /// Parses the arguments (without the program name), as the bytes given.
    /// - Throws: ``UsageError`` naming the bad option or argument, including invalid UTF-8 in anything but a path.
    init(parsing arguments: [[UInt8]]) throws(UsageError) {
        let parsed = try Self.parser.parse(arguments)
        var seen: Set<String> = []
        for occurrence in parsed.occurrences {
            let bytes = occurrence.value ?? []
            let value =
                Self.pathOptions.contains(occurrence.name)
                ? "" : try ArgumentText.decode(bytes, as: "the value of '\(occurrence.spelling)'")
            let isRepeatable = ["header", "field", "file", "path-param"].contains(occurrence.name)
            if !isRepeatable {
                guard seen.insert(occurrence.name).inserted else {
                    throw UsageError("Option '--\(occurrence.name)' given more than once")
                }
            }
            switch occurrence.name {
            case "help": action = .help
            case "version": if action == .run { action = .version }
            case "params", "params-file":
                guard params == nil else { throw UsageError("Use either '--params' or '--params-file', not both") }
                params = occurrence.name == "params" ? .inline(value) : .file(RawPath(bytes))
            case "format":
                guard let format = BodyFormat(rawValue: value) else {
                    throw UsageError(
                        "Unknown format \(quoted(value)) for '\(occurrence.spelling)': expected \(BodyFormat.names)")
                }
                self.format = format
            case "content-type": contentType = value
            case "query-style":
                guard let style = QueryStyleName(rawValue: value) else {
                    throw UsageError("Unknown query style \(quoted(value)): expected \(QueryStyleName.names)")
                }
                queryStyle = style
            case "bool":
                guard let bools = BoolName(rawValue: value) else {
                    throw UsageError(
                        "Unknown boolean encoding \(quoted(value)) for '--bool': expected \(BoolName.names)")
                }
                self.bools = bools
            case "key-order":
                guard let order = KeyOrderName(rawValue: value) else {
                    throw UsageError(
                        "Unknown key order \(quoted(value)) for '--key-order': expected \(KeyOrderName.names)")
                }
                keyOrder = order
            case "header":
                guard let colon = value.firstIndex(of: ":") else {
                    throw UsageError(
                        "Invalid header \(quoted(value)) for '\(occurrence.spelling)': expected 'Name: value'")
                }
                headers.append((String(value[..<colon]), trimmingSpaces(value[value.index(after: colon)...])))
            case "path-param":
                let parameter = try PathParameterOption.parse(value)
                guard !pathParameters.contains(where: { $0.name == parameter.name }) else {
                    throw UsageError("'--path-param' \(quoted(parameter.name)) given more than once")
                }
                pathParameters.append(parameter)
            case "basic":
                guard let colon = value.firstIndex(of: ":") else {
                    throw UsageError("Invalid '--basic' credentials: expected USER:PASSWORD")
                }
                basic = (String(value[..<colon]), String(value[value.index(after: colon)...]))
            case "bearer": bearer = value
            case "field":
                guard let equals = value.firstIndex(of: "=") else {
                    throw UsageError("Invalid --field \(quoted(value)): expected NAME=VALUE")
                }
                formParts.append(
                    .field(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
            case "file": formParts.append(.file(try FilePartSpec(parsing: bytes)))
            case "boundary": boundary = value
            case "uri-methods":
                let methods = value.split(separator: ",", omittingEmptySubsequences: false).map(trimmingSpaces)
                guard !methods.contains(where: \.isEmpty) || value.isEmpty else {
                    throw UsageError(
                        "Invalid '--uri-methods' \(quoted(value)): expected a comma-separated list such as GET,HEAD")
                }
                uriMethods = value.isEmpty ? [] : methods
            case "no-default-headers": includesDefaultHeaders = false
            case "allow-reserved": allowsReserved = true
            case "output":
                guard !bytes.isEmpty else { throw UsageError("Invalid '\(occurrence.spelling)': the path is empty") }
                outputPath = RawPath(bytes)
            case "body-only": isBodyOnly = true
            case "send": sends = true
            case "timeout":
                // URLSession on Linux counts in whole milliseconds (0 means never) and traps on huge values.
                guard let seconds = Double(value), seconds.isFinite, seconds > 0, !value.hasPrefix("0x") else {
                    throw UsageError(
                        "Invalid '--timeout' \(quoted(value)): expected a positive number of seconds")
                }
                guard (Self.minimumTimeout...Self.maximumTimeout).contains(seconds) else {
                    throw UsageError(
                        "Invalid '--timeout' \(quoted(value)): expected at least 0.001 and at most 1000000 seconds")
                }
                timeout = seconds
            case "follow": follows = true
            case "max-redirects":
                guard let count = Int(value), (0...1000).contains(count), value.allSatisfy(\.isASCII) else {
                    throw UsageError(
                        "Invalid '--max-redirects' \(quoted(value)): expected a whole number from 0 to 1000")
                }
                maxRedirects = count
            case "progress", "no-progress":
                guard progress == nil else { throw UsageError("Use either '--progress' or '--no-progress', not both") }
                progress = occurrence.name == "progress"
            case "cacert": caCertificatePath = value
            case "insecure": insecure = true
            case "proxy": proxy = value
            default: throw UsageError("Unknown option '\(occurrence.spelling)'")
            }
        }
        guard action == .run else { return }
        switch parsed.positionals.count {
        case 0: throw UsageError("Missing METHOD and URL (see 'wireform --help')")
        case 1: throw UsageError("Missing URL after METHOD \(quoted(bytes: parsed.positionals[0]))")
        case 2: break
        default:
            throw UsageError(
                "Unexpected argument \(quoted(bytes: parsed.positionals[2])): expected only METHOD and URL")
        }
        method = try ArgumentText.decode(parsed.positionals[0], as: "METHOD")
        url = try ArgumentText.decode(parsed.positionals[1], as: "the URL")
        if let format, format != .multipart, !formParts.isEmpty {
            throw UsageError(
                "'--field' and '--file' make a multipart body; they cannot be used with '--format \(format.rawValue)'")
        }
    }
}

/// The text without leading and trailing spaces and tabs.
func trimmingSpaces(_ text: Substring) -> String {
    let isSpace = { (character: Character) in character == " " || character == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
}
