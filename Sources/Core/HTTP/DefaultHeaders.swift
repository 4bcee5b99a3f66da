// `Bundle` (the app's name and version for `User-Agent`) is in Foundation proper; on Apple platforms Foundation is
// one module, elsewhere only FoundationEssentials is imported and the process name is used.
#if canImport(Darwin)
    import Foundation
#else
    import FoundationEssentials
#endif

/// The `User-Agent` of a ``RequestSerializer``'s default headers, for an application name and version of your own.
///
/// A serializer starts with `Accept-Language` and `User-Agent` (``RequestSerializer/defaultHeaders``); read them
/// there: `RequestSerializer().defaultHeaders[.userAgent]`.
public enum DefaultHeaders {
    /// The library version, as sent in the default `User-Agent`.
    public static let libraryVersion = "1.0.0-rc.1"

    /// The headers a ``RequestSerializer`` starts with: `Accept-Language` for the user's preferred languages, such
    /// as `fr-CA;q=1, fr;q=0.9` (omitted when none is known), and `User-Agent`,
    /// `Name/Version (OS Version; Architecture) Wireform/Version`. Package-only: read them as
    /// `RequestSerializer().defaultHeaders`, which starts as this value (one way to read the defaults).
    ///
    /// At most six languages, with q-values falling by 0.1: on Apple platforms from `Locale.preferredLanguages`;
    /// elsewhere from the `LANGUAGE`, `LC_ALL`, `LC_MESSAGES` and `LANG` environment variables (`fr_CA.UTF-8` →
    /// `fr-CA`; `C` and `POSIX` mean nothing is known). The `User-Agent` name and version come from the main bundle
    /// on Apple platforms (`CFBundleName`/`CFBundleExecutable`, `CFBundleShortVersionString`), from the process name
    /// elsewhere; characters not allowed in a product token become `-`.
    ///
    /// Computed once per process (reading the bundle, the process info and the environment costs far more than
    /// building a request) and shared by every serializer.
    package static var standard: HeaderFields { cachedStandard }

    private static let cachedStandard: HeaderFields = computeStandard()

    private static func computeStandard() -> HeaderFields {
        var headers = HeaderFields()
        // Both values are built from tokens and language tags checked above, so they are valid field values.
        if let languages = acceptLanguage { try? headers.setValue(languages, for: .acceptLanguage) }
        try? headers.setValue(userAgent, for: .userAgent)
        return headers
    }

    /// The `Accept-Language` value for the user's preferred languages, such as `fr-CA;q=1, fr;q=0.9, en;q=0.8`, or
    /// `nil` when no language is known (the header is then omitted).
    ///
    /// At most six languages, with q-values falling by 0.1. On Apple platforms they come from
    /// `Locale.preferredLanguages`; on Linux, whose Foundation always answers `en-001`, from the `LANGUAGE`,
    /// `LC_ALL`, `LC_MESSAGES` and `LANG` environment variables (`fr_CA.UTF-8` → `fr-CA`; `C` and `POSIX` mean
    /// nothing is known).
    package static var acceptLanguage: String? { acceptLanguage(environment: nil) }

    /// `acceptLanguage` computed from a given environment (a test hook).
    /// - Parameter environment: The environment to read on Linux; `nil` reads the process environment.
    /// - Returns: The value, or `nil` when no language is known.
    @_spi(Testing) public static func acceptLanguage(environment: [String: String]?) -> String? {
        #if canImport(Darwin)
            let languages = environment.map { preferredLanguages(environment: $0) } ?? Locale.preferredLanguages
        #else
            let languages = preferredLanguages(environment: environment ?? ProcessInfo.processInfo.environment)
        #endif
        return acceptLanguage(for: languages)
    }

    /// The `Accept-Language` value for a list of language tags, most preferred first.
    /// - Parameter languages: Tags such as `en-US`; invalid tags are skipped, at most six are used.
    /// - Returns: The value, or `nil` when no valid tag is given.
    @_spi(Testing) public static func acceptLanguage(for languages: [String]) -> String? {
        var seen: Set<String> = []
        let tags = languages.filter { isLanguageTag($0) && seen.insert($0.lowercased()).inserted }.prefix(6)
        guard !tags.isEmpty else { return nil }
        return tags.enumerated().map { index, tag in
            let tenths = 10 - index
            return tenths == 10 ? "\(tag);q=1" : "\(tag);q=0.\(tenths)"
        }.joined(separator: ", ")
    }

    /// The language tags named by POSIX locale environment variables, most preferred first.
    ///
    /// The messages locale is the first of `LC_ALL`, `LC_MESSAGES` and `LANG` that is set and not empty. When it is
    /// `C` or `POSIX` (or none is set) no language is known, and `LANGUAGE` is ignored as GNU gettext ignores it.
    /// Otherwise the tags are those of `LANGUAGE` (a `:`-separated list) followed by the locale's own.
    /// - Parameter environment: The environment.
    /// - Returns: Tags such as `fr-CA`; empty when no language is known.
    @_spi(Testing) public static func preferredLanguages(environment: [String: String]) -> [String] {
        let variables = ["LC_ALL", "LC_MESSAGES", "LANG"]
        guard let locale = variables.lazy.compactMap({ environment[$0] }).first(where: { !$0.isEmpty }),
            !isPOSIXLocale(locale)
        else { return [] }
        var tags: [String] = []
        if let list = environment["LANGUAGE"] {
            tags += list.split(separator: ":").compactMap { languageTag(fromLocale: String($0)) }
        }
        if let tag = languageTag(fromLocale: locale) { tags.append(tag) }
        return tags
    }

    /// Turns a POSIX locale name such as `fr_CA.UTF-8@euro` into a language tag such as `fr-CA`.
    /// - Parameter locale: The locale name.
    /// - Returns: The tag, or `nil` for `C`, `POSIX` (with any codeset, such as `C.UTF-8`) and names that are not
    ///   locales.
    @_spi(Testing) public static func languageTag(fromLocale locale: String) -> String? {
        guard !isPOSIXLocale(locale) else { return nil }
        let name = localeName(locale).utf8.map { $0 == UInt8(ascii: "_") ? UInt8(ascii: "-") : $0 }
        let tag = String(decoding: name, as: UTF8.self)
        return isLanguageTag(tag) ? tag : nil
    }

    /// The locale name without its codeset and modifier: `fr_CA` for `fr_CA.UTF-8@euro`.
    private static func localeName(_ locale: String) -> Substring {
        let name = Substring(locale)
        guard let cut = name.firstIndex(where: { $0 == "." || $0 == "@" }) else { return name }
        return name[..<cut]
    }

    /// Whether a locale is the portable `C` / `POSIX` locale, which names no language.
    private static func isPOSIXLocale(_ locale: String) -> Bool {
        let name = localeName(locale)
        return name.isEmpty || name == "C" || name == "POSIX"
    }

    private static func isLanguageTag(_ tag: String) -> Bool {
        let subtags = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (2...8).contains(first.utf8.count),
            first.utf8.allSatisfy({ isASCIILetter($0) })
        else { return false }
        return subtags.allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count) && subtag.utf8.allSatisfy { isASCIILetter($0) || isASCIIDigit($0) }
        }
    }

    /// The default `User-Agent`: `Name/Version (OS Version; Architecture) Wireform/Version`, in ASCII.
    ///
    /// The name and version come from the main bundle (`CFBundleName`/`CFBundleExecutable`,
    /// `CFBundleShortVersionString`), falling back to the process name; characters that are not allowed in a
    /// product token become `-`.
    package static var userAgent: String {
        #if canImport(Darwin)
            let info = Bundle.main.infoDictionary ?? [:]
            let name =
                (info["CFBundleName"] as? String) ?? (info["CFBundleExecutable"] as? String)
                ?? ProcessInfo.processInfo.processName
            let version = info["CFBundleShortVersionString"] as? String
        #else
            // Outside Apple platforms an executable has no bundle Info.plist: Foundation's `Bundle.main` would
            // give no name or version either.
            let name = ProcessInfo.processInfo.processName
            let version: String? = nil
        #endif
        return userAgent(applicationName: name, version: version)
    }

    /// A `User-Agent` for a given application name and version, in the form of the default one:
    /// `Name/Version (OS Version; Architecture) Wireform/Version`.
    ///
    /// For Linux servers, command-line tools and tests, which have no bundle to read the name and version from
    /// (AFNetworking and Alamofire read them from the main bundle):
    ///
    /// ```swift
    /// let agent = DefaultHeaders.userAgent(applicationName: "Uploader", version: "2.1")
    /// try serializer.defaultHeaders.setValue(agent, for: .userAgent)  // Uploader/2.1 (Linux 6.1.0; x86_64) Wireform/…
    /// ```
    ///
    /// Each character that an RFC 9110 product token does not allow (space, `/`, `(`, non-ASCII, …) becomes one
    /// `-`, so the result is always a valid field value: `Café App` → `Caf--App`.
    /// - Parameters:
    ///   - applicationName: The product name.
    ///   - version: The product version, or `nil` for none (`Name (…) Wireform/…`).
    /// - Returns: The `User-Agent` value.
    public static func userAgent(applicationName: String, version: String?) -> String {
        let product = productToken(applicationName) + (version.map { "/" + productToken($0) } ?? "")
        let os = ProcessInfo.processInfo.operatingSystemVersion
        let comment = "\(operatingSystemName) \(os.majorVersion).\(os.minorVersion).\(os.patchVersion); \(architecture)"
        return "\(product) (\(comment)) Wireform/\(libraryVersion)"
    }

    /// Replaces every character that a product token does not allow with `-`.
    ///
    /// Each character that is not allowed becomes one `-`, however many UTF-8 bytes it has: `Café` → `Caf-`.
    /// - Parameter text: Any text.
    /// - Returns: A valid, non-empty RFC 9110 token.
    @_spi(Testing) public static func productToken(_ text: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 where byte & 0xC0 != 0x80 {  // continuation bytes belong to the previous character
            bytes.append(HTTPToken.isTokenByte(byte) && byte != UInt8(ascii: "/") ? byte : UInt8(ascii: "-"))
        }
        return bytes.isEmpty ? "unknown" : String(decoding: bytes, as: UTF8.self)
    }

    private static var operatingSystemName: String {
        #if os(macOS)
            return "macOS"
        #elseif os(iOS)
            return "iOS"
        #elseif os(tvOS)
            return "tvOS"
        #elseif os(watchOS)
            return "watchOS"
        #elseif os(visionOS)
            return "visionOS"
        #elseif os(Linux)
            return "Linux"
        #elseif os(Windows)
            return "Windows"
        #else
            return "Unknown"
        #endif
    }

    private static var architecture: String {
        #if arch(x86_64)
            return "x86_64"
        #elseif arch(arm64)
            return "arm64"
        #else
            return "unknown"
        #endif
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isASCIIDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}
