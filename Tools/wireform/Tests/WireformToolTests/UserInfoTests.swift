import Foundation
import Testing

/// URL user information becomes the `Authorization: Basic` header it is sent as, in both modes, and is removed
/// from the URL and `Host`.
@Suite struct UserInfoTests {
    /// `user:p@ss`, Base64.
    static let credentials = "dXNlcjpwQHNz"

    @Test func offlineOutputShowsTheAuthorizationHeader() throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(
            ["GET", "http://user:p%40ss@example.com:8080/x?y=1", "--no-default-headers"], in: directory.path)
        #expect(result.status == 0)
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self)
                == "GET /x?y=1 HTTP/1.1\r\nHost: example.com:8080\r\nAuthorization: Basic \(Self.credentials)\r\n\r\n")
    }

    @Test func sentRequestCarriesTheSameHeader() throws {
        let directory = try TestDirectory()
        let server = try LocalServer(.record, directory: directory.path)
        defer { server.stop() }
        let url = "http://user:p%40ss@127.0.0.1:\(server.port)/x"
        let offline = try ToolProcess.run(["GET", url], in: directory.path)
        #expect(messageHeaderLines(offline.standardOutput).contains("Authorization: Basic \(Self.credentials)"))
        let sent = try ToolProcess.run(["GET", url, "--send", "--body-only"], in: directory.path)
        #expect(sent.status == 0)
        let recorded = try JSONDecoder().decode(RecordedRequest.self, from: Data(sent.standardOutput))
        #expect(recorded.values(of: "Authorization") == ["Basic \(Self.credentials)"])
        #expect(recorded.values(of: "Host") == ["127.0.0.1:\(server.port)"])
    }

    @Test(arguments: [["--basic", "a:b"], ["--bearer", "t"], ["-H", "authorization: x"]])
    func userInfoWithAnotherAuthorizationIsAUsageError(extra: [String]) throws {
        let directory = try TestDirectory()
        let result = try ToolProcess.run(["GET", "http://u:p@e.com/"] + extra, in: directory.path)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "wireform: The URL's user information and '\(extra[0] == "-H" ? "--header" : extra[0])' both set "
                + "the Authorization header; "
                + "use one\n")
    }
}
