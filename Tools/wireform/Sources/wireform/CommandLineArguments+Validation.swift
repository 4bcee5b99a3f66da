import ArgumentParser

extension CommandLineArguments {
    /// The rules between options, after each value was checked where it is declared.
    /// - Throws: ``UsageError``: a second value of a single-value option, `--params` with `--params-file`, two
    ///   sources of `Authorization`, a `--send`-only option without `--send`, `--progress` with `--no-progress`,
    ///   parts under a format that is not multipart, a missing METHOD or URL, or extra arguments.
    func validate() throws {
        for child in Mirror(reflecting: self).children {
            guard (child.value as? any SingleValueRule)?.breaksSingleValueRule == true else { continue }
            throw UsageError("Option '\(Self.longName(ofProperty: child.label ?? ""))' given more than once")
        }
        if !params.isEmpty && !paramsFile.isEmpty {
            throw UsageError("Use either '--params' or '--params-file', not both")
        }
        try validateCredentials()
        let sendOnly = [("--cacert", !cacert.isEmpty), ("--insecure", insecure), ("--proxy", !proxy.isEmpty)]
        if !send, let (option, _) = sendOnly.first(where: \.1) {
            throw UsageError("'\(option)' applies only with --send")
        }
        if progress && noProgress {
            throw UsageError("Use either '--progress' or '--no-progress', not both")
        }
        guard let method else { throw UsageError("Missing METHOD and URL (see 'wireform --help')") }
        guard url != nil else { throw UsageError("Missing URL after METHOD \(quoted(method))") }
        if let extra = unexpected.first {
            throw UsageError(
                "Unexpected argument \(quoted(bytes: ArgumentBytes.bytes(extra))): expected only METHOD and URL")
        }
        if let format = format.first, format != .multipart, hasParts {
            throw UsageError(
                "'--field' and '--file' make a multipart body; they cannot be used with '--format \(format.rawValue)'")
        }
    }

    /// Checks `--basic` and `--bearer` naming only the option, never the secret, and that one source sets
    /// `Authorization`.
    private func validateCredentials() throws(UsageError) {
        for (option, secret) in [("--basic", basic.first), ("--bearer", bearer.first)] {
            guard let secret else { continue }
            do { _ = try ArgumentBytes.text(secret.given) } catch { throw UsageError("Invalid '\(option)': \(error)") }
        }
        if basic.first.map({ $0.userAndPassword == nil }) ?? false {
            throw UsageError("Invalid '--basic' credentials: expected USER:PASSWORD")
        }
        if authorizationOptions.count > 1 {
            throw UsageError(
                "'\(authorizationOptions[0])' and '\(authorizationOptions[1])' both set the Authorization header; "
                    + "use one")
        }
    }

    /// The `--field` and `--file` parts in command-line order.
    var parts: [FormPartSpec] { (field + file).sorted { $0.position < $1.position }.map(\.part) }

    /// Whether `--field` or `--file` gives a part.
    var hasParts: Bool { !field.isEmpty || !file.isEmpty }

    /// Whether the body is multipart: `--format multipart`, or any `--field` or `--file`.
    var isMultipart: Bool { format.first == .multipart || hasParts }

    /// The options that set the `Authorization` header, by their long names.
    var authorizationOptions: [String] {
        (basic.isEmpty ? [] : ["--basic"]) + (bearer.isEmpty ? [] : ["--bearer"])
            + (header.contains { $0.name.lowercased() == "authorization" } ? ["--header"] : [])
    }

    /// The long option of a property: `maxRedirects` (or its wrapper's `_maxRedirects`) is `--max-redirects`.
    private static func longName(ofProperty label: String) -> String {
        "--" + label.drop { $0 == "_" }.map { $0.isUppercase ? "-" + $0.lowercased() : String($0) }.joined()
    }
}
