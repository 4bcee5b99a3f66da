import Foundation

extension Options {
    /// Checks and types the parsed command line.
    /// - Parameters:
    ///   - arguments: The command line as parsed.
    ///   - positions: Where its values stood, for the option names in messages and the order of the parts.
    /// - Throws: ``UsageError`` naming the bad option or argument, including invalid UTF-8 in anything but a path.
    init(_ arguments: CommandLineArguments, positions: ArgumentPositions) throws(UsageError) {
        /// Each value of an option (`names`: short, then long), checked as text.
        func texts(_ values: [String], _ names: [String]) throws(UsageError) -> [String] {
            try values.map { value throws(UsageError) in
                try ArgumentBytes.text(value, as: "the value of \(positions.spelling(of: value, names: names))")
            }
        }
        /// The value of a single-value option: a second one is an error, not a silent replacement.
        func text(_ values: [String], _ names: [String]) throws(UsageError) -> String? {
            guard values.count <= 1 else { throw UsageError("Option '\(names.last ?? "")' given more than once") }
            return try texts(values, names).first
        }
        /// The value of an option that names one of `Choice`'s cases.
        func choice<Choice: OptionChoice>(_ values: [String], _ names: [String], _ noun: String) throws(UsageError)
            -> Choice?
        {
            guard let value = try text(values, names) else { return nil }
            guard let choice = Choice(rawValue: value) else {
                let option = positions.spelling(of: values[0], names: names)
                throw UsageError("Unknown \(noun) \(quoted(value)) for \(option): expected \(Choice.names)")
            }
            return choice
        }
        /// The value of a single-value path option, as the bytes given.
        func path(_ values: [String], _ names: [String]) throws(UsageError) -> RawPath? {
            guard values.count <= 1 else { throw UsageError("Option '\(names.last ?? "")' given more than once") }
            guard let value = values.first else { return nil }
            guard !value.isEmpty else {
                throw UsageError("Invalid \(positions.spelling(of: value, names: names)): the path is empty")
            }
            return RawPath(ArgumentBytes.bytes(value))
        }

        switch (try text(arguments.params, ["-p", "--params"]), try path(arguments.paramsFile, ["--params-file"])) {
        case (let text?, nil): params = .inline(text)
        case (nil, let path?): params = .file(path)
        case (nil, nil): params = nil
        case (_?, _?): throw UsageError("Use either '--params' or '--params-file', not both")
        }
        format = try choice(arguments.format, ["-f", "--format"], "format")
        contentType = try text(arguments.contentType, ["-t", "--content-type"])
        queryStyle = try choice(arguments.queryStyle, ["--query-style"], "query style") ?? .brackets
        bools = try choice(arguments.bool, ["--bool"], "boolean encoding")
        keyOrder = try choice(arguments.keyOrder, ["--key-order"], "key order") ?? .sorted
        allowsReserved = arguments.allowReserved
        for (value, given) in zip(try texts(arguments.header, ["-H", "--header"]), arguments.header) {
            guard let colon = value.firstIndex(of: ":") else {
                let option = positions.spelling(of: given, names: ["-H", "--header"])
                throw UsageError("Invalid header \(quoted(value)) for \(option): expected 'Name: value'")
            }
            headers.append((String(value[..<colon]), trimmingSpaces(value[value.index(after: colon)...])))
        }
        for value in try texts(arguments.pathParam, ["--path-param"]) {
            let parameter = try PathParameterOption.parse(value)
            guard !pathParameters.contains(where: { $0.name == parameter.name }) else {
                throw UsageError("'--path-param' \(quoted(parameter.name)) given more than once")
            }
            pathParameters.append(parameter)
        }
        if let value = try text(arguments.basic, ["--basic"]) {
            guard let colon = value.firstIndex(of: ":") else {
                throw UsageError("Invalid '--basic' credentials: expected USER:PASSWORD")
            }
            basic = (String(value[..<colon]), String(value[value.index(after: colon)...]))
        }
        bearer = try text(arguments.bearer, ["--bearer"])
        for (isFile, given) in positions.interleaving(fields: arguments.field, files: arguments.file) {
            if isFile {
                formParts.append(.file(try FilePartSpec(parsing: ArgumentBytes.bytes(given))))
                continue
            }
            let value = try ArgumentBytes.text(given, as: "the value of '--field'")
            guard let equals = value.firstIndex(of: "=") else {
                throw UsageError("Invalid --field \(quoted(value)): expected NAME=VALUE")
            }
            formParts.append(
                .field(name: String(value[..<equals]), value: String(value[value.index(after: equals)...])))
        }
        boundary = try text(arguments.boundary, ["--boundary"])
        if let value = try text(arguments.uriMethods, ["--uri-methods"]) {
            let methods = value.split(separator: ",", omittingEmptySubsequences: false).map(trimmingSpaces)
            guard !methods.contains(where: \.isEmpty) || value.isEmpty else {
                throw UsageError(
                    "Invalid '--uri-methods' \(quoted(value)): expected a comma-separated list such as GET,HEAD")
            }
            uriMethods = value.isEmpty ? [] : methods
        }
        includesDefaultHeaders = !arguments.noDefaultHeaders
        outputPath = try path(arguments.output, ["-o", "--output"])
        (isBodyOnly, sends, follows, insecure) = (
            arguments.bodyOnly, arguments.send, arguments.follow, arguments.insecure
        )
        if let value = try text(arguments.timeout, ["--timeout"]) {
            // URLSession on Linux counts in whole milliseconds (0 means never) and traps on huge values.
            guard let seconds = Double(value), seconds.isFinite, seconds > 0, !value.hasPrefix("0x") else {
                throw UsageError("Invalid '--timeout' \(quoted(value)): expected a positive number of seconds")
            }
            guard (Self.minimumTimeout...Self.maximumTimeout).contains(seconds) else {
                throw UsageError(
                    "Invalid '--timeout' \(quoted(value)): expected at least 0.001 and at most 1000000 seconds")
            }
            timeout = seconds
        }
        if let value = try text(arguments.maxRedirects, ["--max-redirects"]) {
            guard let count = Int(value), (0...1000).contains(count), value.allSatisfy(\.isASCII) else {
                throw UsageError("Invalid '--max-redirects' \(quoted(value)): expected a whole number from 0 to 1000")
            }
            maxRedirects = count
        }
        caCertificatePath = try text(arguments.cacert, ["--cacert"])
        if caCertificatePath?.isEmpty == true { throw UsageError("Invalid '--cacert': the path is empty") }
        // Checked where it is used (`ConnectionSettings.validate`, through WireformAsyncHTTPClient's
        // `HTTPClient.Configuration.Proxy(url:)`); '' means none.
        proxy = try text(arguments.proxy, ["--proxy"])
        let sendOnly = [("--cacert", caCertificatePath != nil), ("--insecure", insecure), ("--proxy", proxy != nil)]
        if !sends, let (option, _) = sendOnly.first(where: \.1) {
            throw UsageError("'\(option)' applies only with --send")
        }
        if arguments.progress && arguments.noProgress {
            throw UsageError("Use either '--progress' or '--no-progress', not both")
        }
        progress = arguments.progress ? true : arguments.noProgress ? false : nil
        if authorizationOptions.count > 1 {
            throw UsageError(
                "'\(authorizationOptions[0])' and '\(authorizationOptions[1])' both set the Authorization header; "
                    + "use one")
        }
        guard let method = arguments.method else { throw UsageError("Missing METHOD and URL (see 'wireform --help')") }
        guard let url = arguments.url else {
            throw UsageError("Missing URL after METHOD \(quoted(bytes: ArgumentBytes.bytes(method)))")
        }
        if let extra = arguments.unexpected.first {
            throw UsageError(
                "Unexpected argument \(quoted(bytes: ArgumentBytes.bytes(extra))): expected only METHOD and URL")
        }
        self.method = try ArgumentBytes.text(method, as: "METHOD")
        self.url = try ArgumentBytes.text(url, as: "the URL")
        if let format, format != .multipart, !formParts.isEmpty {
            throw UsageError(
                "'--field' and '--file' make a multipart body; they cannot be used with '--format \(format.rawValue)'")
        }
    }
}
