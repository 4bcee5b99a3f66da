import Foundation
import Testing
import Wireform

/// `SerializedRequest.redirected(status:location:)`: the redirect matrix `wireform --follow` was tested with (moved
/// from the tool's tests), one redirect at a time: which statuses are followed, 307/308 keep the method and body,
/// 301/302 after `POST` and 303 become `GET` without body, credentials and `Host` never reach another origin.
@Suite struct SerializedRequestRedirectTests {
    /// The redirecting server: `127.0.0.1` (another origin than `localhost`, though both reach this machine).
    static let first = "http://127.0.0.1:8080"
    /// Where cross-origin redirects point.
    static let second = "http://localhost:9090"

    /// How credentials are given, and the field they arrive in.
    enum Credentials: CaseIterable {
        case userInfo
        case bearer
        case cookie

        var field: (name: HeaderFields.Name, value: String) {
            switch self {
            case .userInfo: (.authorization, "Basic dXNlcjpwdw==")
            case .bearer: (.authorization, "Bearer TOPSECRET")
            case .cookie: (.cookie, "sid=S3CRET")
            }
        }
    }

    /// A request to `url` with these headers and an optional JSON body (with its `Content-Type` and
    /// `Content-Length`).
    static func request(
        _ method: RequestMethod, _ url: String, headers: [(HeaderFields.Name, String)] = [],
        body: MessageBody? = nil
    ) throws -> SerializedRequest {
        var fields = HeaderFields()
        for (name, value) in headers { try fields.addValue(value, for: name) }
        if let body, case .known(let length) = body.length {
            try fields.addValue("application/json", for: .contentType)
            try fields.addValue("\(length)", for: .contentLength)
        }
        return try SerializedRequest(method: method, url: url, headers: fields, body: body)
    }

    static let json = MessageBody(bytes: Array(#"{"a":"b"}"#.utf8))

    @Test(arguments: Credentials.allCases, [(302, false), (307, false), (302, true), (307, true)])
    func crossOriginRedirectDropsCredentials(credentials: Credentials, statusAndTLS: (Int, Bool)) throws {
        let (status, tls) = statusAndTLS
        let scheme = tls ? "https" : "http"
        let request = try Self.request(
            .get, "\(scheme)://127.0.0.1:8443/redirect",
            headers: [
                (credentials.field.name, credentials.field.value), (.proxyAuthorization, "Basic eDp5"),
                (.host, "127.0.0.1:8443"), (.accept, "*/*"),
            ])
        let next = try #require(try request.redirected(status: status, location: "\(scheme)://localhost:8443/dest"))
        #expect(next.url == "\(scheme)://localhost:8443/dest")
        #expect(next.path == "/dest")
        #expect(next.method == .get)
        #expect(next.headers.map(\.name) == [.accept])
    }

    @Test(arguments: Credentials.allCases, [false, true])
    func sameOriginRedirectKeepsCredentials(credentials: Credentials, tls: Bool) throws {
        let scheme = tls ? "https" : "http"
        // The default port written out is the same origin.
        let request = try Self.request(
            .get, "\(scheme)://Example.com/redirect/302",
            headers: [(credentials.field.name, credentials.field.value), (.host, "example.com")])
        let next = try #require(try request.redirected(status: 302, location: "/dest?x=1"))
        #expect(next.url == "\(scheme)://Example.com/dest?x=1")
        let sameHost = try #require(
            try request.redirected(status: 302, location: "\(scheme)://example.com:\(tls ? 443 : 80)/dest"))
        for redirected in [next, sameHost] {
            #expect(redirected.headers[credentials.field.name] == credentials.field.value)
            #expect(redirected.headers[.host] == "example.com")
        }
    }

    /// 307 and 308 resend the same method with exactly the same body, `Content-Type` and `Content-Length`, for a
    /// body in memory and for a file.
    @Test(arguments: [307, 308])
    func temporaryAndPermanentRedirectsKeepTheMethodAndBody(status: Int) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wireform-redirect-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ten.bin")
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 11) }
        try Data(bytes).write(to: file)
        for (body, expected) in [(Self.json, Array(#"{"a":"b"}"#.utf8)), (try MessageBody(fileAt: file), bytes)] {
            let request = try Self.request(.post, "\(Self.first)/redirect/\(status)", body: body)
            let next = try #require(try request.redirected(status: status, location: "\(Self.second)/dest"))
            #expect(next.method == .post)
            #expect(next.url == "\(Self.second)/dest")
            #expect(next.headers == request.headers)
            #expect(next.headers[.contentLength] == "\(expected.count)")
            #expect(try await next.body?.collect(upTo: 1 << 20) == expected)
        }
    }

    @Test(arguments: [301, 302, 303])
    func postRedirectBecomesGetWithoutBody(status: Int) throws {
        var request = try Self.request(.post, "\(Self.first)/redirect/\(status)", body: Self.json)
        try request.headers.addValue("identity", for: .contentEncoding)
        try request.headers.addValue("*/*", for: .accept)
        let next = try #require(try request.redirected(status: status, location: "\(Self.second)/dest"))
        #expect(next.method == .get)
        #expect(next.body == nil)
        #expect(next.headers.map(\.name) == [.accept])
    }

    /// 301 and 302 change only `POST`; 303 changes everything but `HEAD`.
    @Test(arguments: [
        (301, RequestMethod.put, RequestMethod.put), (302, .delete, .delete), (303, .put, .get), (303, .head, .head),
    ])
    func otherMethodsKeepOrChangeAsCurlDoes(status: Int, method: RequestMethod, expected: RequestMethod) throws {
        let request = try Self.request(method, "\(Self.first)/x", body: Self.json)
        let next = try #require(try request.redirected(status: status, location: "/y"))
        #expect(next.method == expected)
        #expect((next.body != nil) == (expected != .get))
    }

    @Test(arguments: [200, 300, 304, 305, 306, 309, 404])
    func otherStatusesAreFinal(status: Int) throws {
        let request = try Self.request(.get, "\(Self.first)/x")
        #expect(try request.redirected(status: status, location: "/y") == nil)
    }

    @Test func redirectWithoutLocationIsFinal() throws {
        #expect(try Self.request(.get, "\(Self.first)/x").redirected(status: 302, location: nil) == nil)
    }

    /// RFC 3986 resolution against the request's URL; a Location without fragment keeps the request's.
    @Test(arguments: [
        ("g", "http://a/b/c/g"), ("./g?y", "http://a/b/c/g?y"), ("../g", "http://a/b/g"), ("/g#s", "http://a/g#s"),
        ("//h:81/g", "http://h:81/g"), ("https://h/g", "https://h/g"), ("", "http://a/b/c/d;p?q"),
        ("?y", "http://a/b/c/d;p?y"), ("../../../g", "http://a/g"), ("/caf\u{E9}", "http://a/caf%C3%A9"),
    ])
    func locationIsResolvedAgainstTheRequestURL(location: String, expected: String) throws {
        let next = try #require(
            try Self.request(.get, "http://a/b/c/d;p?q").redirected(status: 302, location: location))
        #expect(next.url == expected)
        let withFragment = try Self.request(.get, "http://a/b/c/d;p?q#f")
        let kept = try #require(try withFragment.redirected(status: 302, location: location))
        #expect(kept.url == expected + (expected.contains("#") ? "" : "#f"))
    }

    /// Credentials in a Location are the server's, never sent; the user information of the request's own URL is
    /// not carried to the target either.
    @Test func userInformationInTheLocationIsRemoved() throws {
        let request = try Self.request(.get, "\(Self.first)/x")
        let next = try #require(try request.redirected(status: 302, location: "http://evil:pw@localhost:9090/y"))
        #expect(next.url == "http://localhost:9090/y")
        #expect(next.authority == "localhost:9090")
        let relative = try #require(try Self.request(.get, "http://u:p@a/x").redirected(status: 307, location: "/y"))
        #expect(relative.url == "http://a/y")
    }

    /// H5: SwiftNIO reads a Location byte that is not UTF-8 as U+FFFD; the URL the server meant is lost.
    @Test func locationThatIsNotUTF8IsRefused() throws {
        let request = try Self.request(.get, "\(Self.first)/location-latin1")
        expectSerializationError(
            .invalidURL,
            "The redirect from 'http://127.0.0.1:8080/location-latin1' was not followed: its Location holds bytes "
                + "that are not UTF-8"
        ) { _ = try request.redirected(status: 302, location: "/final/caf\u{FFFD}") }
    }

    @Test(arguments: [
        ("ftp://h/x", "only http and https URLs can be followed"),
        ("mailto:a@b", "only http and https URLs can be followed"),
        ("/a b", "its Location is not a valid URL (the space at byte 2 must be percent-encoded)"),
        ("http://h:99999/", "Invalid URL 'http://h:99999/': the port 99999 is above 65535"),
        ("http:///x", "Invalid URL 'http:///x': it has no host"),
    ])
    func invalidLocationIsRefused(location: String, reason: String) throws {
        let request = try Self.request(.get, "\(Self.first)/x")
        expectSerializationError(
            .invalidURL,
            "The redirect from 'http://127.0.0.1:8080/x' to '\(location)' was not followed: \(reason)"
        ) { _ = try request.redirected(status: 301, location: location) }
    }

    @Test func bodyThatCannotBeReadAgainIsRefused() throws {
        let (stream, continuation) = AsyncStream.makeStream(of: ArraySlice<UInt8>.self)
        continuation.finish()
        let request = try Self.request(
            .post, "\(Self.first)/x", body: MessageBody(length: .known(3), singleUse: stream))
        expectSerializationError(
            .bodyAlreadyConsumed,
            "The 307 redirect to 'http://localhost:9090/y' was not followed: the body cannot be read a second time"
        ) { _ = try request.redirected(status: 307, location: "\(Self.second)/y") }
        // A redirect that drops the body does not need it again.
        #expect(try request.redirected(status: 303, location: "/y")?.body == nil)
    }
}
