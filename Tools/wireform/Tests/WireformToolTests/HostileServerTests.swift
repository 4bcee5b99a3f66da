import Foundation
import Testing

/// The defects a hostile server found in the hand-written HTTP/1.1 client of `--send` (issue 30), each failing with
/// it and passing with AsyncHTTPClient and the tool's own checks.
@Suite(.serialized)
struct HostileServerTests {
    /// H1: an interim `100 Continue` head that never ends, sent while the upload waits, is refused once it passes
    /// SwiftNIO's header limit: the tool neither buffers it without bound nor waits for `--timeout`.
    @Test func endlessInterimHeadIsRefused() throws {
        let servers = try RedirectTests.Servers()
        try servers.directory.write("ten.bin", [UInt8](repeating: 7, count: 10 << 20))
        let started = Date()
        let result = try ToolProcess.run(
            ["POST", servers.first.url("/interim-flood"), "--file", "f=@ten.bin", "--send", "--timeout", "60"],
            in: servers.directory.path)
        #expect(result.status == 3)
        #expect(result.standardError.contains("the response is not valid HTTP: its header section is too large"))
        #expect(Date().timeIntervalSince(started) < 30)
        // The server stops sending once the tool has gone: far less than it would send in 60 seconds.
        var sent: Int?
        for _ in 0..<100 where sent == nil {
            sent = (try? String(contentsOfFile: servers.firstDirectory.file("flood-sent"), encoding: .utf8))
                .flatMap { Int($0) }
            if sent == nil { usleep(100_000) }
        }
        #expect((sent ?? .max) < 16 << 20)
    }

    /// H5: a `Location` with a byte that is not UTF-8 is refused, not followed to `%EF%BF%BD`.
    @Test func locationThatIsNotUTF8IsRefused() throws {
        let servers = try RedirectTests.Servers()
        let result = try ToolProcess.run(
            ["GET", servers.first.url("/location-latin1"), "--send", "--follow"], in: servers.directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError
                == "wireform: The redirect from '\(servers.first.url("/location-latin1"))' was not followed: its "
                + "Location holds bytes that are not UTF-8\n")
        #expect(servers.firstRequests.map(\.target) == [])
    }

    /// H6: chunk sizes that are not plain hexadecimal numbers make the response invalid.
    @Test(arguments: ["-1", "+5", "1 0"])
    func malformedChunkSizeIsRefused(size: String) throws {
        let servers = try RedirectTests.Servers()
        let encoded = size.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? size
        let result = try ToolProcess.run(
            ["GET", servers.first.url("/chunk?size=\(encoded)"), "--send", "--body-only"], in: servers.directory.path)
        #expect(result.status == 3)
        #expect(result.standardError.contains("the response is not valid HTTP"))
        #expect(!String(decoding: result.standardOutput, as: UTF8.self).contains("hello"))
    }

    /// H7: a `--file` edited in place, to the same size, between the first send and a 307 is not sent again with
    /// other bytes: Wireform's file body finds the file is not the one it first read, and the send ends naming it
    /// (the second server may see the request head, never a byte of the body).
    @Test func fileEditedBeforeARedirectIsNotResent() throws {
        let servers = try RedirectTests.Servers()
        let path = try servers.directory.write("same.bin", [UInt8](repeating: 65, count: 4096))
        let target = servers.secondURL("/dest").addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        let file = path.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? path
        let url = servers.first.url("/edit/307?file=\(file)&to=\(target)")
        let result = try ToolProcess.run(
            ["POST", url, "--file", "f=@same.bin", "--send", "--follow"], in: servers.directory.path)
        #expect(result.status == 3)
        #expect(
            result.standardError.hasPrefix(
                "wireform: The redirect to '\(servers.secondURL("/dest"))' was not followed: Part 'f': The file '"))
        #expect(result.standardError.contains("/same.bin' was modified since the body first read it"))
        #expect(try servers.secondRequests.allSatisfy { try servers.secondBody($0).isEmpty })
    }
}
