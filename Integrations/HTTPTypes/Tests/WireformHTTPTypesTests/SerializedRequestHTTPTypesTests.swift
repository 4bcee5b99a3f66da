import Foundation
import HTTPTypes
import Testing
import Wireform
import WireformHTTPTypes
import WireformMultipart

@Suite struct SerializedRequestHTTPTypesTests {
    @Test func urlIsCutIntoSchemeAuthorityAndPathByteForByte() throws {
        var headers = HeaderFields()
        try headers.setValue("one", for: Wireform.HeaderFields.Name("X-First")!)
        let serialized = try RequestSerializer().serializedRequest(
            method: .get, url: "https://example.com:8443/a%2Fb/c%20d?x=1#top", headers: headers,
            parameters: ["q": "a b&c", "emoji": "😀", "list": [1, 2]])
        let (request, body) = try serialized.httpRequest()
        #expect(request.method == .get)
        #expect(request.scheme == "https")
        #expect(request.authority == "example.com:8443")
        #expect(request.path == "/a%2Fb/c%20d?x=1&emoji=%F0%9F%98%80&list%5B%5D=1&list%5B%5D=2&q=a%20b%26c")
        #expect(
            request.headerFields.map { "\($0.name.rawName): \($0.value)" }
                == serialized.headers.map { "\($0.name): \($0.value)" })
        #expect(request.headerFields.first.map { "\($0.name.rawName): \($0.value)" } == "X-First: one")
        #expect(body == nil)
    }

    @Test(arguments: [
        ("http://127.0.0.1", "/"),
        ("http://127.0.0.1?x=1", "/?x=1"),
        ("http://[::1]:8080/p?q#f", "/p?q"),
    ])
    func pathIsAlwaysOriginForm(_ url: String, _ path: String) throws {
        let request = try SerializedRequest(method: .get, url: url)
        #expect(try request.httpRequest().request.path == path)
        #expect(request.path == path)
    }

    /// A serialized request always has an absolute URL (its text is checked when it is made), so a relative one,
    /// which `httpRequest()` once turned into a path-only request, is refused up front.
    @Test(arguments: ["/users/7?hard=true", "users?page=2"])
    func relativeURLIsRefusedWhenTheRequestIsMade(_ url: String) throws {
        let error = #expect(throws: SerializationError.self) { try SerializedRequest(method: .delete, url: url) }
        #expect(error?.code == .invalidURL)
        #expect(error?.reason == "Invalid URL '\(url)': expected an absolute URL")
    }

    /// `httpRequest()` hands Wireform's header values to `HTTPField(name:value:)` unchecked because Wireform's rule
    /// (RFC 9110, section 5.5: no control byte but tab, no white space at either end) is swift-http-types' rule for a
    /// legal value: on every ASCII byte alone, leading, inside and trailing, and on non-ASCII text, both agree.
    @Test func wireformHeaderValuesAreExactlyTheLegalValuesOfSwiftHTTPTypes() throws {
        var values: [String] = ["", "é", "a\u{80}b", "日本語", "\u{7F}x", "x\u{7F}"]
        for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) {
            let text = String(Character(scalar))
            values += [text, text + "x", "x" + text + "y", "x" + text]
        }
        var disagreements: [String] = []
        for value in values {
            var headers = HeaderFields()
            let acceptedByWireform = (try? headers.setValue(value, for: .userAgent)) != nil
            if acceptedByWireform != HTTPField.isValidValue(value) { disagreements.append(value.debugDescription) }
        }
        #expect(disagreements == [])
        #expect(values.count == 4 * 128 + 6)
    }

    /// The names Wireform sets itself become swift-http-types' own constants; a caller's spelling of any name, in any
    /// case, is kept as the caller wrote it.
    @Test func headerNamesKeepTheirSpelling() throws {
        var headers = HeaderFields()
        try headers.setValue("Tester/1", for: Wireform.HeaderFields.Name("user-agent")!)
        try headers.setValue("v", for: Wireform.HeaderFields.Name("x-lower")!)
        var serializer = RequestSerializer(includesDefaultHeaders: false)
        try serializer.defaultHeaders.setValue("en;q=1", for: Wireform.HeaderFields.Name("Accept-Language")!)
        let serialized = try serializer.serializedRequest(
            method: .post, url: "http://127.0.0.1/form", headers: headers, parameters: ["a": "b"])
        let (request, _) = try serialized.httpRequest()
        #expect(
            request.headerFields.map { "\($0.name.rawName): \($0.value)" }
                == serialized.headers.map { "\($0.name): \($0.value)" })
        #expect(
            request.headerFields.map(\.name.rawName) == [
                "user-agent", "x-lower", "Accept-Language", "Content-Type", "Content-Length",
            ])
        #expect(request.headerFields[.userAgent] == "Tester/1")
        #expect(request.headerFields[.contentType] == "application/x-www-form-urlencoded")
    }

    @Test func userInformationIsRefusedNotDropped() throws {
        let request = try SerializedRequest(method: .get, url: "https://me:secret@example.com/")
        let error = #expect(throws: SerializationError.self) { try request.httpRequest() }
        #expect(error?.code == .invalidURL)
        #expect(
            error?.reason
                == "The URL 'https://me:secret@example.com/' has user information, which an HTTPRequest cannot carry "
                + "(use RequestSerializer.setBasicAuthorization)")
    }

    @Test func bodyAndItsHeadersComeAlong() throws {
        let serialized = try RequestSerializer().serializedRequest(
            method: .post, url: "http://127.0.0.1/form", parameters: ["name": "Zoë"])
        let (request, body) = try serialized.httpRequest()
        #expect(request.headerFields[.contentType] == "application/x-www-form-urlencoded")
        #expect(request.headerFields[.contentLength] == "13")
        #expect(body?.bytes == Array("name=Zo%C3%AB".utf8))
    }

    @Test func queryMethodMapsToQUERYBothWays() throws {
        #expect(HTTPRequest.Method(Wireform.RequestMethod.query) == .query)
        #expect(HTTPRequest.Method(Wireform.RequestMethod.query)?.rawValue == "QUERY")
        #expect(Wireform.RequestMethod(HTTPRequest.Method.query) == .query)
        let request = try SerializedRequest(method: .query, url: "http://127.0.0.1/search")
        #expect(try request.httpRequest().request.method == .query)
    }

    @Test func requestReachesAServerWithItsExactTargetAndBody() async throws {
        try await withSinkServer { server in
            let (file, bytes) = (
                URL(fileURLWithPath: NSTemporaryDirectory() + "wireform-ht-\(UUID()).bin"),
                (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            )
            try Data(bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            var form = try MultipartForm(boundary: .constant("ht-boundary"))
            try form.append(fileAt: file, name: "upload")
            let serialized = try RequestSerializer().serializedRequest(
                method: .put, url: "http://127.0.0.1:\(server.port)/sink/a%20b", query: ["k": "v w"],
                body: form.serializedBody)
            let (request, body) = try serialized.httpRequest()
            let expected = try form.encodedBytes()
            let json = try await RawHTTPClient.send(request, body: body, port: server.port)
            let record = try JSONDecoder().decode(SinkServer.Record.self, from: json)
            #expect(record.method == "PUT")
            #expect(record.target == "/sink/a%20b?k=v%20w")
            #expect(record.values("Content-Length") == ["\(expected.count)"])
            #expect(record.sha256 == SHA256.hex(expected))
        }
    }
}
