import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import NIOPosix
import NIOSSL
import Wireform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// A request that could not be sent or whose response could not be read: exit status 3. The message is one plain
/// line naming the URL (never its user information, which the tool removed) and what went wrong.
struct SendError: Error {
    /// The message, without the `wireform: ` prefix.
    let message: String

    /// An error with this message.
    init(message: String) {
        self.message = message
    }

    /// `Cannot send the request to 'URL': REASON`.
    init(url: String, reason: String) {
        message = "Cannot send the request to \(quoted(url)): \(reason)"
    }

    /// `The request to 'URL' timed out after N seconds`.
    init(timedOut url: String, timeout: Double) {
        message = "The request to \(quoted(url)) timed out after \(Self.seconds(timeout))"
    }

    /// The message for what AsyncHTTPClient, SwiftNIO or its TLS threw; a ``SendError`` or a Wireform error (the body
    /// failed) is thrown as it is.
    /// - Throws: `error` itself when it is not the network's.
    init(_ error: any Error, url: String, timeout: Double) throws {
        switch error {
        case let error as SendError:
            self = error
        case let error as SerializationError where error.code == .fileChanged:
            // A `--file` edited since the first send, found when a 307 or 308 replays the body (H7).
            self.init(message: "The redirect to \(quoted(url)) was not followed: " + error.reason)
        case is SerializationError, is OutputSink.WriteError:
            throw error
        case let error as HTTPClientError:
            switch error {
            case .readTimeout, .writeTimeout, .connectTimeout, .deadlineExceeded, .tlsHandshakeTimeout,
                .httpProxyHandshakeTimeout, .socksHandshakeTimeout:
                self.init(timedOut: url, timeout: timeout)
            case .remoteConnectionClosed, .uncleanShutdown:
                self.init(url: url, reason: Self.closed)
            case .proxyAuthenticationRequired:
                self.init(url: url, reason: "the proxy asks for credentials ('--proxy http://user:password@host')")
            case .invalidProxyResponse:
                self.init(url: url, reason: "the proxy did not open a tunnel to the server")
            default:
                self.init(url: url, reason: "\(error)")
            }
        case let error as HTTPParserError:
            self.init(url: url, reason: "the response is not valid HTTP: \(Self.describe(error))")
        case let error as NIOSSLError:
            self.init(url: url, reason: Self.describe(tls: "\(error)"))
        case let error as NIOSSLExtraError:
            self.init(url: url, reason: Self.describe(tls: "\(error)"))
        case let error as NIOConnectionError:
            let refused = error.connectionErrors.isEmpty && (error.dnsAError != nil || error.dnsAAAAError != nil)
            self.init(url: url, reason: refused ? "the server's host name was not found" : Self.couldNotConnect)
        case let error as IOError:
            let refused = [ECONNREFUSED, ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL].contains(error.errnoCode)
            self.init(url: url, reason: refused ? Self.couldNotConnect : Self.closed)
        case let error as ChannelError:
            if case .connectTimeout = error {
                self.init(timedOut: url, timeout: timeout)
            } else {
                self.init(url: url, reason: Self.closed)
            }
        case is SocketAddressError:
            self.init(url: url, reason: "the server's host name was not found")
        default:
            let text: String = "\(error)"
            if let name = Self.forbiddenHTTP2Field(in: text) {
                self.init(url: url, reason: Self.forbiddenOverHTTP2(name))
            } else {
                self.init(url: url, reason: text)
            }
        }
    }

    /// The field name in SwiftNIO's HTTP/2 refusal of a field (`ForbiddenHeaderField(name: te, value: gzip, …)`),
    /// or `nil` for another error. NIOHTTP2's error type is not one the tool imports, so it is read from its text.
    private static func forbiddenHTTP2Field(in text: String) -> String? {
        let prefix: String = "ForbiddenHeaderField(name: "
        guard text.hasPrefix(prefix) else { return nil }
        let rest: Substring = text.dropFirst(prefix.count)
        return String(rest.prefix { (character: Character) -> Bool in character != "," && character != ")" })
    }

    /// The reason for a field HTTP/2 forbids, which SwiftNIO refuses rather than leaves out.
    private static func forbiddenOverHTTP2(_ name: String) -> String {
        let hint: String = name.lowercased() == "te" ? " (only 'TE: trailers' can be sent)" : ""
        return "the server speaks HTTP/2, which forbids the field \(quoted(name))\(hint) (RFC 9113, section 8.2.2)"
    }

    /// The reason for a connection closed or reset by the server.
    private static let closed = "the connection was closed before the response was complete"
    /// The reason for a connection that could not be opened.
    private static let couldNotConnect = "could not connect to the server"

    /// A TLS failure, with what to do about an untrusted certificate.
    private static func describe(tls detail: String) -> String {
        let oldVersion = ["UNSUPPORTED_PROTOCOL", "PROTOCOL_VERSION", "WRONG_VERSION_NUMBER", "NO_SUPPORTED_VERSIONS"]
        if oldVersion.contains(where: detail.contains) {
            return "the server offers only a TLS version older than TLS 1.2 (TLS 1.0 or 1.1), and Wireform requires "
                + "TLS 1.2 or later (\(detail))"
        }
        let untrusted = ["CERTIFICATE_VERIFY_FAILED", "failedToValidateHostname", "unableToValidateCertificate"]
        guard untrusted.contains(where: detail.contains) else { return "the TLS handshake failed (\(detail))" }
        return "the server's TLS certificate is not trusted (\(detail)); give the authority that signed it with "
            + "'--cacert PATH', or skip the check with '-k'"
    }

    /// What is wrong with a response SwiftNIO's parser refused.
    private static func describe(_ error: HTTPParserError) -> String {
        switch error {
        case .invalidChunkSize: "a chunk size is not a hexadecimal number"
        case .invalidContentLength, .unexpectedContentLength: "its Content-Length is not one valid number"
        case .headerOverflow: "its header section is too large"
        case .invalidVersion, .invalidStatus, .invalidConstant: "its status line is not 'HTTP/1.1 NNN reason'"
        case .invalidHeaderToken, .lfExpected: "a header line is not 'Name: value'"
        default: "\(error)"
        }
    }

    /// `1 second`, `2 seconds`, `0.5 seconds`.
    static func seconds(_ value: Double) -> String {
        if value == 1 { return "1 second" }
        if value == value.rounded(), value < 1e15 { return "\(Int64(value)) seconds" }
        return "\(value) seconds"
    }
}
